/**
 * The business "basic" step: the account, the company and its contact
 * person. Rendered by join/business/basic and the landing-page variant,
 * always posting to join/business/basic.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "~/components/form/use-form";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { COMPANY_NAME_MAX, CONTACT_PERSON_MAX, USERNAME_MAX, USERNAME_MIN } from "#server/contract/form-limits";
import { BUSINESS_KINDS } from "#server/contract/signup-types";
import { FormCheckboxField, FormField } from "~/components/Field";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { ChoiceFieldset } from "./ChoiceFieldset";
import { CityField } from "./CityField";
import { LegalLinks, NewPasswordField, SignUpFormHead, SignUpSubmit } from "./SignUpParts";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadBusinessSignUpSchema = () => import("#server/contract/registration-sign-up").then((m) => m.businessSignUpSchema);

export const BUSINESS_FIELDS = [
  "company_name",
  "business_kind",
  "contact_person",
  "city",
  "username",
  "email",
  "password",
  "accept_terms",
] as const;

interface Props {
  lastResult?: SubmissionResult<string[]> | null;
  landingPageId?: string;
  invitationCode?: string;
}

export function BusinessBasicForm({ lastResult, landingPageId = "", invitationCode = "" }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [form, fields] = useForm({
    id: "business-basic",
    lastResult,
    defaultValue: { landing_page_id: landingPageId, invitation_code: invitationCode },
    schema: loadBusinessSignUpSchema,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={to("join/business/basic")} className={ui.stack} {...getFormProps(form)}>
      <SignUpFormHead formErrors={form.errors} landingPage={fields.landing_page_id} invitation={fields.invitation_code} />
      <ChoiceFieldset
        field={fields.business_kind}
        legend={t("registration.business_basic.kind")}
        options={BUSINESS_KINDS}
        labelOf={(value) => t(`registration.business_basic.kind_${value}`)}
      />
      <FormField
        label={t("registration.business_basic.company_name")}
        autoComplete="organization"
        maxLength={COMPANY_NAME_MAX}
        field={fields.company_name}
        type="text"
      />
      <FormField
        label={t("registration.business_basic.contact_person")}
        hint={t("registration.business_basic.contact_person_hint")}
        autoComplete="name"
        maxLength={CONTACT_PERSON_MAX}
        field={fields.contact_person}
        type="text"
      />
      <CityField
        field={fields.city}
        keyField={fields.city_key}
        label={t("registration.business_basic.city")}
        hint={t("registration.business_basic.city_hint")}
      />
      <FormField
        label={t("registration.sign_up.username")}
        hint={t("registration.sign_up.username_hint", { min: USERNAME_MIN, max: USERNAME_MAX })}
        autoComplete="username"
        field={fields.username}
        type="text"
      />
      <FormField label={t("registration.sign_up.email")} autoComplete="email" field={fields.email} type="email" />
      <NewPasswordField field={fields.password} />
      <FormCheckboxField label={t("registration.business_basic.accept_terms")} field={fields.accept_terms} />
      <LegalLinks />
      <SignUpSubmit label={t("registration.business_basic.submit")} />
    </Form>
  );
}
