/**
 * A new password and its repetition, as the reset, claim and settings forms ask for them: both fields tell
 * the browser to suggest a new password; the labels are the page's own.
 */
import { FormField } from "~/components/Field";

type FieldMeta = Parameters<typeof FormField>[0]["field"];

export function NewPasswordFields({
  password,
  confirmation,
  label,
  hint,
  confirmationLabel,
}: {
  password: FieldMeta;
  confirmation: FieldMeta;
  label: string;
  hint: string;
  confirmationLabel: string;
}) {
  return (
    <>
      <FormField label={label} hint={hint} autoComplete="new-password" field={password} type="password" />
      <FormField label={confirmationLabel} autoComplete="new-password" field={confirmation} type="password" />
    </>
  );
}
