import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { StepSaveButton, type StepFormProps } from "./controls";
import { ScheduleFields } from "./ScheduleFields";

/** Step 6 (escorts) and the business opening hours: schedule slots; escorts also switch "available now". */
export function AvailabilityStep({ step, lastResult, withAvailableNow, submitLabel }: StepFormProps & { withAvailableNow: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useReplyForm({
    lastResult,
    defaultValue: { schedule: step.schedule, ...(withAvailableNow ? { available_now: step.available_now } : {}) },
  });
  const initial = { schedule: fields.schedule.initialValue as unknown, available_now: fields.available_now?.initialValue as unknown };
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <ScheduleFields initial={initial.schedule} errors={form.allErrors} />
      {withAvailableNow ? (
        <CheckboxField
          label={t("registration_steps.availability.available_now")}
          name="available_now"
          defaultChecked={initial.available_now === true || initial.available_now === "on"}
          errors={fields.available_now?.errors}
        />
      ) : null}
      <StepSaveButton label={submitLabel} />
    </Form>
  );
}
