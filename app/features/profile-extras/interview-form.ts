/** The interview form (issue 11, ADR 039): one text field per question key of the member's kind, the contract's rule each. */
import * as v from "valibot";
import { interviewAnswerSchema } from "#server/contract/interviews";

/**
 * The schema of the form with these questions. Its value is the body of PUT /profiles/{username}/interviews: every
 * question of the form, an empty answer as null (removed). Fields of no question are ignored.
 */
export function interviewFormSchema(questions: readonly string[]) {
  return v.pipe(
    v.object(Object.fromEntries(questions.map((key) => [key, v.optional(interviewAnswerSchema, "")])), "validation.invalid"),
    v.transform((input) => ({
      answers: Object.fromEntries(questions.map((key) => [key, input[key] ? String(input[key]) : null])) as Record<string, string | null>,
    })),
  );
}
