/**
 * The individual sign-up form (registration step 1). Rendered by
 * join/user/sign-up and the landing-page variants, always posting to
 * join/user/sign-up, so errors come back on one page with the input kept.
 * Works as a plain HTML form; with JavaScript the username and e-mail are
 * checked for uniqueness on blur (the server check on submit is what counts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, getSelectProps, useForm } from "~/components/form/use-form";
import { Form, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MIN_SIGNUP_AGE, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "#server/contract/form-limits";
import { INDIVIDUAL_SIGNUP_TYPES, type IndividualSignupType } from "#server/contract/signup-types";
import { GENDER, SALUTATIONS } from "#server/contract/users";
import { Field, FormCheckboxField, FormField } from "~/components/Field";
import { SelectField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { translateMessage } from "~/i18n/translate";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { withReturnPath } from "~/utils/return-path";
import { ChoiceFieldset } from "./ChoiceFieldset";
import { LegalLinks, NewPasswordField, SignUpFormHead, SignUpSubmit } from "./SignUpParts";
import * as css from "./sign-up.css";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadIndividualSignUpSchema = () => import("#server/contract/registration-sign-up").then((m) => m.individualSignUpSchema(Date.now));

export const SIGN_UP_FIELDS = [
  "user_type",
  "username",
  "email",
  "password",
  "gender",
  "salutation",
  "birth_day",
  "birth_month",
  "birth_year",
  "accept_terms",
  "accept_privacy",
] as const;

interface Props {
  lastResult?: SubmissionResult<string[]> | null;
  defaultUserType?: IndividualSignupType | "";
  landingPageId?: string;
  invitationCode?: string;
  /** Where to return after sign-up and verification (a profile the visitor came from); posted along as `r`. */
  returnTo?: string | null;
  /** The months' names in the page's language, January first (from the loader: no date formatter in the browser). */
  monthNames: readonly string[];
}

interface UniqueAnswer {
  available: boolean | null;
}

/** Asks join/check-unique whether a name or address is free; null while unknown. */
function useUniqueCheck(field: "username" | "email") {
  const fetcher = useFetcher<UniqueAnswer>();
  const to = useLocalePath();
  return {
    taken: fetcher.data?.available === false,
    check(value: string) {
      const trimmed = value.trim();
      if (field === "username" && (trimmed.length < USERNAME_MIN || trimmed.length > USERNAME_MAX || !USERNAME_PATTERN.test(trimmed)))
        return;
      if (field === "email" && !trimmed.includes("@")) return;
      fetcher.load(`${to("join/check-unique")}?${new URLSearchParams({ [field]: trimmed })}`);
    },
  };
}

export function IndividualSignUpForm({
  lastResult,
  defaultUserType = "",
  landingPageId = "",
  invitationCode = "",
  returnTo = null,
  monthNames,
}: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    defaultValue: { user_type: defaultUserType, landing_page_id: landingPageId, invitation_code: invitationCode },
    schema: loadIndividualSignUpSchema,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const usernameCheck = useUniqueCheck("username");
  const emailCheck = useUniqueCheck("email");

  const months = monthNames.map((label, i) => ({ value: String(i + 1), label }));
  const days = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const birthErrors = [...(fields.birth_day.errors ?? []), ...(fields.birth_month.errors ?? []), ...(fields.birth_year.errors ?? [])];

  return (
    // `r` also rides in the action URL: a failed post re-renders the page from it.
    <Form method="post" action={withReturnPath(to("join/user/sign-up"), returnTo)} className={ui.stack} {...getFormProps(form)}>
      {returnTo ? <input type="hidden" name="r" value={returnTo} /> : null}
      <SignUpFormHead formErrors={form.errors} landingPage={fields.landing_page_id} invitation={fields.invitation_code} />

      <ChoiceFieldset
        field={fields.user_type}
        legend={t("registration.sign_up.user_type")}
        options={INDIVIDUAL_SIGNUP_TYPES}
        labelOf={(value) => t(`registration.sign_up.user_type_${value}`)}
      />

      <ChoiceFieldset
        field={fields.salutation}
        legend={t("traits.salutation._title")}
        options={SALUTATIONS}
        labelOf={(value) => t(`traits.salutation.${value}`)}
      />

      <SelectField
        label={t("traits.gender._title")}
        placeholder={t("registration.sign_up.choose")}
        options={Object.entries(GENDER).map(([name, code]) => ({ value: String(code), label: t(`traits.gender.${name}`) }))}
        {...getSelectProps(fields.gender)}
        name="gender"
        errors={fields.gender.errors}
      />
      <FormField
        label={t("registration.sign_up.username")}
        hint={t("registration.sign_up.username_hint", { min: USERNAME_MIN, max: USERNAME_MAX })}
        autoComplete="username"
        field={fields.username}
        type="text"
        onBlur={(event) => usernameCheck.check(event.currentTarget.value)}
        errors={fields.username.errors ?? (usernameCheck.taken ? ["exception.signup.username_taken"] : [])}
      />
      <FormField
        label={t("registration.sign_up.email")}
        autoComplete="email"
        field={fields.email}
        type="email"
        onBlur={(event) => emailCheck.check(event.currentTarget.value)}
        errors={fields.email.errors ?? (emailCheck.taken ? ["exception.signup.email_taken"] : [])}
      />
      <NewPasswordField field={fields.password} />

      <fieldset className={css.fieldset} aria-describedby="field-birth_date-error">
        <legend className={ui.label}>{t("registration.sign_up.birth_date")}</legend>
        <span className={ui.muted}>{t("registration.sign_up.birth_date_hint", { age: MIN_SIGNUP_AGE })}</span>
        <div className={css.birthRow}>
          <SelectField
            label={t("registration.sign_up.birth_day")}
            placeholder={t("registration.sign_up.day")}
            options={days}
            {...getSelectProps(fields.birth_day)}
            name="birth_day"
          />
          <SelectField
            label={t("registration.sign_up.birth_month")}
            placeholder={t("registration.sign_up.month")}
            options={months}
            {...getSelectProps(fields.birth_month)}
            name="birth_month"
          />
          <Field
            label={t("registration.sign_up.birth_year")}
            inputMode="numeric"
            autoComplete="bday-year"
            placeholder="1990"
            {...getInputProps(fields.birth_year, { type: "text" })}
            name="birth_year"
          />
        </div>
        <ErrorLine
          name="birth_date"
          alsoFor={["birth_day", "birth_month", "birth_year"]}
          message={birthErrors[0] ? translateMessage(t, birthErrors[0]) : undefined}
        />
      </fieldset>

      <FormCheckboxField label={t("registration.sign_up.accept_terms")} field={fields.accept_terms} />
      <FormCheckboxField label={t("registration.sign_up.accept_privacy")} field={fields.accept_privacy} />
      <LegalLinks />

      <SignUpSubmit label={t("registration.sign_up.submit")} />
    </Form>
  );
}
