import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/Field";
import * as ui from "~/styles/ui.css";
import { StepSaveButton, type StepFormProps } from "./controls";
import * as css from "./steps.css";

const BLANK_USERNAMES = 3;

/** Business step "escorts": link existing escort profiles by username (may stay empty). */
export function BusinessEscortsStep({ step, lastResult, submitLabel }: StepFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useReplyForm({ lastResult, defaultValue: { usernames: step.escort_usernames } });
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
