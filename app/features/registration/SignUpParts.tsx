/**
 * The parts the two sign-up forms (individual and business) share word for word:
 * the form's head (errors, honeypot, hidden landing page and invitation), the new
 * password, the links to the legal pages and the submit button.
 */
import { getInputProps } from "~/components/form/form-binding";
import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN } from "#server/contract/form-limits";
import { FormField, FormErrors, Honeypot } from "~/components/Field";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

type FieldMeta = Parameters<typeof getInputProps>[0];

export function SignUpFormHead({
  formErrors,
  landingPage,
  invitation,
}: {
  formErrors?: string[];
  landingPage: FieldMeta;
  invitation: FieldMeta;
}) {
  return (
    <>
      <FormErrors errors={formErrors ?? []} />
      <Honeypot />
      <input {...getInputProps(landingPage, { type: "hidden" })} />
      <input {...getInputProps(invitation, { type: "hidden" })} />
    </>
  );
}

export function NewPasswordField({ field }: { field: FieldMeta }) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t("registration.sign_up.password")}
      hint={t("registration.sign_up.password_hint", { min: PASSWORD_MIN })}
      autoComplete="new-password"
      field={field}
      type="password"
    />
  );
}

export function LegalLinks() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <p className={ui.muted}>
      <Link to={to("legal/terms_and_conditions")}>{t("registration.sign_up.terms_link")}</Link> ·{" "}
      <Link to={to("legal/data_privacy_statement")}>{t("registration.sign_up.privacy_link")}</Link>
    </p>
  );
}

export function SignUpSubmit({ label }: { label: string }) {
  const navigation = useNavigation();
  return (
    <button className={ui.button} type="submit" disabled={navigation.state === "submitting"}>
      {label}
    </button>
  );
}
