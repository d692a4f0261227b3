/**
 * The interview catalogue's question keys (ADR 039), free of valibot: the dashboard names a waiting interview answer
 * in the browser, and contract/interviews.ts builds valibot schemas at load (ADR 155). contract/interviews.ts
 * re-exports these, so the services keep importing them from there.
 */
/** The question keys, in the order a profile shows them. A key never changes meaning; retired keys are never reused. */
export const INTERVIEW_QUESTION_KEYS = [
  "perfect_date",
  "what_i_like",
  "what_i_do_not_do",
  "first_meeting",
  "before_booking",
  "looking_for",
  "as_a_guest",
  "free_time",
  "house_special",
  "atmosphere",
  "first_visit",
  "house_rules",
  "team",
] as const;

export type InterviewQuestionKey = (typeof INTERVIEW_QUESTION_KEYS)[number];
