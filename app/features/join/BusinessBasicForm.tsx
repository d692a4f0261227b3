/**
 * The business "basic" step: the account, the company and its contact
 * person. Rendered by join/business/basic and the landing-page variant,
 * always posting to join/business/basic.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BUSINESS_KINDS, businessSignUpSchema, COMPANY_NAME_MAX, CONTACT_PERSON_MAX } from "#server/contract/signup";
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "#server/contract/validation";
import { Field, FormErrors, Honeypot } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { ChoiceFieldset } from "./ChoiceFieldset";
import { CityField } from "./CityField";

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
  const navigation = useNavigation();
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
      <FormErrors errors={form.errors ?? []} />
      <Honeypot />
      <input {...getInputProps(fields.landing_page_id, { type: "hidden" })} />
      <input {...getInputProps(fields.invitation_code, { type: "hidden" })} />
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
      <Field
        label={t("join.sign_up.password")}
        hint={t("join.sign_up.password_hint", { min: PASSWORD_MIN })}
        autoComplete="new-password"
        {...getInputProps(fields.password, { type: "password" })}
        name="password"
        errors={fields.password.errors}
      />
      <CheckboxField
        label={t("join.business_basic.accept_terms")}
        {...getInputProps(fields.accept_terms, { type: "checkbox" })}
        name="accept_terms"
        errors={fields.accept_terms.errors}
      />
      <p className={ui.muted}>
        <Link to={to("legal/terms_and_conditions")}>{t("join.sign_up.terms_link")}</Link> ·{" "}
        <Link to={to("legal/data_privacy_statement")}>{t("join.sign_up.privacy_link")}</Link>
      </p>
      <button className={ui.button} type="submit" disabled={navigation.state === "submitting"}>
        {t("join.business_basic.submit")}
      </button>
    </Form>
  );
}
