/** Interview answers and preferred date kinds of a profile (migration 0034, ADR 039). Times are epoch milliseconds (UTC). */

export interface ProfileInterviewsTable {
  user_id: number;
  /** A key of contract/interviews INTERVIEW_QUESTIONS. */
  question_key: string;
  /** Trimmed, 1–250 characters (an emptied answer is deleted). */
  answer: string;
  updated_at: number;
}

export interface ProfileDateKindsTable {
  user_id: number;
  /** A key of contract/preferred-dates DATE_KINDS. */
  kind: string;
}
