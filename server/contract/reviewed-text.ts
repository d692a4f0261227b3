/**
 * The texts that wait for a team member (issue 10 item 4, ADR 030) and their labels, free of valibot: the dashboard
 * lists its waiting and refused texts in the browser, and contract/moderation.ts builds valibot schemas at load
 * (ADR 155). contract/moderation.ts re-exports these, so the services keep importing them from there.
 */
import { INTERVIEW_QUESTION_KEYS, type InterviewQuestionKey } from "./interview-keys";

/**
 * The free profile texts a member writes (spec section 5: status 250, description 2500, profession,
 * interests); a change waits for a team member while the public keeps the last accepted version. The key
 * is the field name of the profile forms; the value the `profiles` column that holds the accepted text.
 * Interview answers wait the same way (`interview:<question key>` below; the accepted answer lives in
 * `profile_interviews`).
 */
export const MODERATED_TEXT_FIELDS = {
  profession: "profession",
  status: "status_text",
  description: "description",
  interests: "interests",
} as const;
export type ModeratedTextField = keyof typeof MODERATED_TEXT_FIELDS;
export const MODERATED_TEXT_FIELD_KEYS = Object.keys(MODERATED_TEXT_FIELDS) as ModeratedTextField[];

/** An interview answer under review (ADR 039 follow-up): one field per catalogue question. */
export type InterviewTextField = `interview:${InterviewQuestionKey}`;
/** Every text that waits for a team member: the profile texts and the interview answers. */
export type ReviewedTextField = ModeratedTextField | InterviewTextField;

export function interviewTextField(key: InterviewQuestionKey): InterviewTextField {
  return `interview:${key}`;
}

/** The question of an interview field, or null for anything else (a profile text, an unknown or retired key). */
export function interviewKeyOfField(field: string): InterviewQuestionKey | null {
  if (!field.startsWith("interview:")) return null;
  const key = field.slice("interview:".length);
  return (INTERVIEW_QUESTION_KEYS as readonly string[]).includes(key) ? (key as InterviewQuestionKey) : null;
}

export function isReviewedTextField(field: string): field is ReviewedTextField {
  return (MODERATED_TEXT_FIELD_KEYS as string[]).includes(field) || interviewKeyOfField(field) !== null;
}

/** The label group of a field (forms, queue, mails): each profile text its own, every interview answer "interview". */
export type TextFieldLabel = ModeratedTextField | "interview";
export function textFieldLabel(field: ReviewedTextField): TextFieldLabel {
  return interviewKeyOfField(field) === null ? (field as ModeratedTextField) : "interview";
}
