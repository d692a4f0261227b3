/** The interview form's fields, read for the API (issue 11, ADR 039): one text field per question key. */
import * as v from "valibot";
import { interviewAnswerSchema } from "#server/contract/interviews";
import { normalizeLineBreaks } from "~/utils/line-breaks";

export interface InterviewFormResult {
  /** What was sent, line breaks as the browser counted them (kept in the fields when refused). */
  input: Record<string, string>;
  /** For PUT /profiles/{username}/interviews: every question of the form; empty answers are null (removed). */
  answers: Record<string, string | null>;
  fieldErrors: Record<string, string[]>;
}

export function readInterviewForm(form: FormData, questions: readonly string[]): InterviewFormResult {
  // Browsers send line breaks as CRLF but count them as one character (maxlength): so does the API.
  const input = Object.fromEntries(questions.map((key) => [key, normalizeLineBreaks(String(form.get(key) ?? ""))]));
  const answers: Record<string, string | null> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const key of questions) {
    const parsed = v.safeParse(interviewAnswerSchema, input[key]);
    if (parsed.success) answers[key] = parsed.output === "" ? null : parsed.output;
    else fieldErrors[key] = [parsed.issues[0].message];
  }
  return { input, answers, fieldErrors };
}
