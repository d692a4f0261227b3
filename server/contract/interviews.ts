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

/** The question keys: in ./interview-keys (free of valibot, the dashboard reads them in the browser). */
import { INTERVIEW_QUESTION_KEYS, type InterviewQuestionKey } from "./interview-keys";
export { INTERVIEW_QUESTION_KEYS, type InterviewQuestionKey } from "./interview-keys";

/** Who answers which question (the catalogue in the keys' order). */
const ASKED_OF: Record<InterviewQuestionKey, readonly number[]> = {
  perfect_date: [CLIENT, ESCORT],
  what_i_like: [CLIENT, ESCORT],
  what_i_do_not_do: [ESCORT],
  first_meeting: [ESCORT],
  before_booking: [ESCORT],
  looking_for: [CLIENT],
  as_a_guest: [CLIENT],
  free_time: [CLIENT, ESCORT],
  house_special: [BUSINESS],
  atmosphere: [BUSINESS],
  first_visit: [BUSINESS],
  house_rules: [BUSINESS],
  team: [BUSINESS],
};

export const INTERVIEW_QUESTIONS = INTERVIEW_QUESTION_KEYS.map((key) => ({ key, userTypes: ASKED_OF[key] }));

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
  /** Only on the owner's own answer that waits for the team (ADR 030); others still read the accepted one. */
  pending?: true;
}

/** GET /profiles/{username}/interviews: the answered questions in catalogue order; `questions`: what this profile's type may answer. */
export interface Interviews {
  items: InterviewAnswer[];
  questions: InterviewQuestionKey[];
  answer_max: number;
}
