import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BUSINESS_DESCRIPTION_MIN, DESCRIPTION_MAX, STATUS_TEXT_MAX } from "#server/contract/profile-text-limits";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { StepSaveButton, valueOf, type StepFormProps } from "./controls";

// The business steps' forms, each a module of its own (ADR 167): a step's route loads only its own form.

/** Business step "description": 140 to 2500 characters, plus an optional status line. */
export function BusinessDescriptionStep({ step, lastResult, submitLabel }: StepFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useReplyForm({ lastResult, defaultValue: { description: step.description, status: step.status } });
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
