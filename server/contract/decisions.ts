/**
 * The vocabulary of decisions that reports, statements of reasons and appeals share (issue 30 item 4): a leaf of the
 * contract, so those three may name it without importing each other.
 */

/**
 * What the decision did (the Transparency Database's decision_visibility / decision_account / decision_monetary /
 * decision_provision, one value per statement).
 */
export const STATEMENT_RESTRICTIONS = [
  /** The content is gone (a removed photo, post, comment, review). */
  "content_removed",
  /** The content stays stored but nobody else sees it (a rejected event, a hidden profile). */
  "content_disabled",
  /** Shown less or only to some (left out of search, fsk18 only). */
  "content_demoted",
  /** The account may not use a part of the service for a time (messages, live, notices). */
  "service_restricted",
  /** The account is suspended for a time (pause by the team). */
  "account_suspended",
  /** The account is closed for good (ban). */
  "account_terminated",
  /** Money held back: a payout stopped, earnings suspended. */
  "monetary_suspended",
] as const;
export type StatementRestriction = (typeof STATEMENT_RESTRICTIONS)[number];

/** Art. 17(3)(d)/(e): the decision rests on a law (illegal content) or on the terms (incompatible content). */
export const STATEMENT_GROUNDS = ["illegal", "terms"] as const;
export type StatementGround = (typeof STATEMENT_GROUNDS)[number];

export const APPEAL_STATES = ["open", "upheld", "reversed"] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** A complaint as its appellant reads it. */
export interface OwnAppeal {
  id: number;
  reference: string;
  state: AppealState;
  text: string;
  created_at: number;
  decided_at: number | null;
  reasons: string | null;
}
