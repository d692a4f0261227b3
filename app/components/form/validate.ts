/**
 * The form kit's browser validation (ADR 156), loaded by `import()` with a form's schema on the form's first focus,
 * input or submit (use-form.ts): conform parses the form's data with the schema the action parses with, so the
 * browser and the server say the same message at the same field.
 */
import { parseWithValibot } from "@conform-to/valibot";
import type { GenericSchema } from "valibot";

/** The errors of a form's data by field name ("" for the form's own); none when the data is valid. */
export function validatorOf(schema: GenericSchema) {
  return (formData: FormData): Record<string, string[]> => {
    const submission = parseWithValibot(formData, { schema });
    const errors: Record<string, string[]> = {};
    if (submission.status === "error")
      for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages?.length) errors[name] = messages;
    return errors;
  };
}
