import { getFormProps, useForm } from "~/components/form/use-form";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BUSINESS_DESCRIPTION_MIN, DESCRIPTION_MAX, STATUS_TEXT_MAX } from "#server/contract/profile-form-limits";
import { Field, FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { StepSaveButton, TraitChoices, valueOf, type StepFormProps } from "./controls";
import * as css from "./steps.css";

const BUSINESS_GROUPS = [
  "company_service",
  "company_room",
  "company_bizarre",
  "environment",
  "customer_type",
  "meeting_option",
  "languages",
] as const;

/** Business step "services": what the club or agency offers. */
export function BusinessServicesStep({ step, lastResult, submitLabel }: StepFormProps) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: Object.fromEntries(BUSINESS_GROUPS.map((group) => [group, step.traits[group] ?? []])),
  });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      {BUSINESS_GROUPS.map((group) => (
        <TraitChoices key={group} group={group} field={fields[group] ?? { name: group }} />
      ))}
      <StepSaveButton label={submitLabel} />
    </Form>
  );
}

/** Business step "description": 140 to 2500 characters, plus an optional status line. */
export function BusinessDescriptionStep({ step, lastResult, submitLabel }: StepFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({ lastResult, defaultValue: { description: step.description, status: step.status } });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <TextAreaField
        label={t("registration_steps.description.description")}
        name="description"
        rows={8}
        required
        minLength={BUSINESS_DESCRIPTION_MIN}
        maxLength={DESCRIPTION_MAX}
        hint={t("registration_steps.description.hint", { min: BUSINESS_DESCRIPTION_MIN, max: DESCRIPTION_MAX })}
        defaultValue={valueOf(fields.description)}
        errors={fields.description.errors}
      />
      <TextAreaField
        label={t("registration_steps.profile.status")}
        name="status"
        rows={2}
        maxLength={STATUS_TEXT_MAX}
        defaultValue={valueOf(fields.status)}
        errors={fields.status.errors}
      />
      <StepSaveButton label={submitLabel} />
    </Form>
  );
}

const BLANK_USERNAMES = 3;

/** Business step "escorts": link existing escort profiles by username (may stay empty). */
export function BusinessEscortsStep({ step, lastResult, submitLabel }: StepFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({ lastResult, defaultValue: { usernames: step.escort_usernames } });
  const pending = new Set(step.pending_escort_usernames.map((name) => name.toLowerCase()));
  const initial = fields.usernames.initialValue as unknown;
  const names = [
    ...(Array.isArray(initial) ? initial.map(String) : typeof initial === "string" ? [initial] : []),
    ...Array.from({ length: BLANK_USERNAMES }, () => ""),
  ];
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("registration_steps.escorts.usernames")}</legend>
        <p className={ui.muted}>{t("registration_steps.escorts.hint")}</p>
        {names.map((name, i) => (
          <Field
            key={i}
            label={t("registration_steps.escorts.username", { number: i + 1 })}
            name={`usernames[${i}]`}
            id={`field-usernames-${i}`}
            autoComplete="off"
            defaultValue={name}
            hint={pending.has(name.toLowerCase()) ? t("registration_steps.escorts.pending") : undefined}
            errors={form.allErrors[`usernames[${i}]`]}
          />
        ))}
      </fieldset>
      <StepSaveButton label={submitLabel} />
    </Form>
  );
}
