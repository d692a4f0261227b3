/** The field for a 6-digit code sent by SMS or e-mail (phone verification, profile claims): the keypad, and the browser may fill it in. */
import { VERIFICATION_CODE_LENGTH } from "#server/contract/form-limits";
import { FormField } from "~/components/Field";

export function VerificationCodeField({
  label,
  hint,
  field,
}: {
  label: string;
  hint: string;
  field: Parameters<typeof FormField>[0]["field"];
}) {
  return (
    <FormField
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_LENGTH}
      field={field}
      type="text"
    />
  );
}
