/**
 * Interviews on profiles (spec section 7 profiles "interviews"; section 5 "interview max 250"; ADR 039): a fixed
 * catalogue of questions per kind of member, each answered at most once, in at most 250 characters. A fixed
 * catalogue keeps answers comparable between profiles and translatable (the question is shown in the reader's
 * language; the answer as written).
 */
import * as v from "valibot";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import { USER_TYPE } from "./users";

export const INTERVIEW_ANSWER_MAX = 250;

const CLIENT = USER_TYPE.client;
const ESCORT = USER_TYPE.escort;
const BUSINESS = USER_TYPE.business;

/** The catalogue, in the order a profile shows it. A key never changes meaning; retired keys are never reused. */
export const INTERVIEW_QUESTIONS = [
  { key: "perfect_date", userTypes: [CLIENT, ESCORT] },
  { key: "what_i_like", userTypes: [CLIENT, ESCORT] },
  { key: "what_i_do_not_do", userTypes: [ESCORT] },
  { key: "first_meeting", userTypes: [ESCORT] },
  { key: "before_booking", userTypes: [ESCORT] },
  { key: "looking_for", userTypes: [CLIENT] },
  { key: "as_a_guest", userTypes: [CLIENT] },
  { key: "free_time", userTypes: [CLIENT, ESCORT] },
  { key: "house_special", userTypes: [BUSINESS] },
  { key: "atmosphere", userTypes: [BUSINESS] },
  { key: "first_visit", userTypes: [BUSINESS] },
  { key: "house_rules", userTypes: [BUSINESS] },
  { key: "team", userTypes: [BUSINESS] },
] as const satisfies ReadonlyArray<{ key: string; userTypes: readonly number[] }>;

export type InterviewQuestionKey = (typeof INTERVIEW_QUESTIONS)[number]["key"];

/** The question keys a member of this type may answer, in catalogue order. */
export function interviewQuestionsFor(userType: number): InterviewQuestionKey[] {
  return INTERVIEW_QUESTIONS.filter((q) => (q.userTypes as readonly number[]).includes(userType)).map((q) => q.key);
}

/** 400 at the key's field: a question that is not in the catalogue, or not one for this kind of member. */
export const INTERVIEW_UNKNOWN_QUESTION = "exception.interviews.unknown_question";
/** 403: PUT on a profile that is not the caller's own. */
export const INTERVIEW_OWNER_ONLY = "exception.interviews.owner_only";

/** ProstSchG §32: like every profile text (ADR 030), an answer offering sex without a condom is refused at its field. */
const lawfulText = v.check(
  (input: string) => findProstSchGTerm(input) === null,
  (issue: v.CheckIssue<string>) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
);

/** One answer: trimmed, at most 250 characters; empty (or null) removes the answer. */
export const interviewAnswerSchema = v.pipe(
  v.string("validation.invalid"),
  v.trim(),
  v.maxLength(INTERVIEW_ANSWER_MAX, `validation.steps.too_long?max=${INTERVIEW_ANSWER_MAX}`),
  lawfulText,
);

/**
 * PUT /profiles/{username}/interviews: the answers to set, by question key. Keys left out stay as they are;
 * an empty answer (or null) removes that answer. Unknown keys are refused by the service (it knows the type).
 */
export const interviewsInputSchema = v.strictObject(
  {
    answers: v.pipe(
      v.record(v.string(), v.nullable(interviewAnswerSchema), "validation.invalid"),
      v.check((answers) => Object.keys(answers).length <= INTERVIEW_QUESTIONS.length, "validation.invalid"),
    ),
  },
  "validation.invalid",
);
export type InterviewsInput = v.InferOutput<typeof interviewsInputSchema>;

export interface InterviewAnswer {
  question_key: InterviewQuestionKey;
  answer: string;
  updated_at: number;
}

/** GET /profiles/{username}/interviews: the answered questions in catalogue order; `questions`: what this profile's type may answer. */
export interface Interviews {
  items: InterviewAnswer[];
  questions: InterviewQuestionKey[];
  answer_max: number;
}
