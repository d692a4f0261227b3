import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/Field";
import * as ui from "~/styles/ui.css";
import { StepSaveButton, TraitChoices, type StepFormProps } from "./controls";

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
  const [form, fields] = useReplyForm({
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
