/**
 * The business "basic" step: the account, the company and its contact
 * person. Rendered by join/business/basic and the landing-page variant,
 * always posting to join/business/basic.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BUSINESS_KINDS, businessSignUpSchema, COMPANY_NAME_MAX, CONTACT_PERSON_MAX } from "#server/contract/signup";
import { USERNAME_MAX, USERNAME_MIN } from "#server/contract/validation";
import { Field } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { ChoiceFieldset } from "./ChoiceFieldset";
import { CityField } from "./CityField";
import { LegalLinks, NewPasswordField, SignUpFormHead, SignUpSubmit } from "./SignUpParts";

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
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: businessSignUpSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={to("join/business/basic")} className={ui.stack} {...getFormProps(form)}>
      <SignUpFormHead formErrors={form.errors} landingPage={fields.landing_page_id} invitation={fields.invitation_code} />
      <ChoiceFieldset
        field={fields.business_kind}
        legend={t("join.business_basic.kind")}
        options={BUSINESS_KINDS}
        labelOf={(value) => t(`join.business_basic.kind_${value}`)}
      />
      <Field
        label={t("join.business_basic.company_name")}
        autoComplete="organization"
        maxLength={COMPANY_NAME_MAX}
        {...getInputProps(fields.company_name, { type: "text" })}
        name="company_name"
        errors={fields.company_name.errors}
      />
      <Field
        label={t("join.business_basic.contact_person")}
        hint={t("join.business_basic.contact_person_hint")}
        autoComplete="name"
        maxLength={CONTACT_PERSON_MAX}
        {...getInputProps(fields.contact_person, { type: "text" })}
        name="contact_person"
        errors={fields.contact_person.errors}
      />
      <CityField
        field={fields.city}
        keyField={fields.city_key}
        label={t("join.business_basic.city")}
        hint={t("join.business_basic.city_hint")}
      />
      <Field
        label={t("join.sign_up.username")}
        hint={t("join.sign_up.username_hint", { min: USERNAME_MIN, max: USERNAME_MAX })}
        autoComplete="username"
        {...getInputProps(fields.username, { type: "text" })}
        name="username"
        errors={fields.username.errors}
      />
      <Field
        label={t("join.sign_up.email")}
        autoComplete="email"
        {...getInputProps(fields.email, { type: "email" })}
        name="email"
        errors={fields.email.errors}
      />
      <NewPasswordField field={fields.password} />
      <CheckboxField
        label={t("join.business_basic.accept_terms")}
        {...getInputProps(fields.accept_terms, { type: "checkbox" })}
        name="accept_terms"
        errors={fields.accept_terms.errors}
      />
      <LegalLinks />
      <SignUpSubmit label={t("join.business_basic.submit")} />
    </Form>
  );
}
