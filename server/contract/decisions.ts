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

/**
 * Which decision wrote a statement (statements.kind, migration 0113). Every recordStatement call names one, and the
 * appeals module's reversal map is `satisfies Record<StatementKind, …>`: a new kind does not compile until its
 * reversal is written (ADR 113, "Reversals, per decision kind").
 */
export const STATEMENT_KINDS = [
  /** A report decided with action (reports module): content removed or disabled, account restricted or banned. */
  "report_decision",
  /** A content queue's refusal (photo, profile text, bundle, blog post, event, promotion; statements/decisions.ts). */
  "queue_refusal",
  /** A review removed from the reviews queue (queues module). */
  "review_removal",
  /** A forced webcam ("fake") check: the profile hidden until a new check (verification module). */
  "fake_check",
  /** The team's ban and pause of an account (members module, ADR 118). */
  "member_ban",
  "member_pause",
  /** A confirmed entry on the escorts' warning list (warnings module, ADR 121). */
  "warning_flag",
  /** A suspension by the misuse rules, DSA Art. 23 (transparency module, ADR 115). */
  "misuse_suspension",
  /** A payout refused by backend staff (payouts module). */
  "payout_refusal",
  /** Payouts closed after a confirmed sanctions match, and payouts held while KYC is incomplete (kyc module). */
  "kyc_screening_match",
  "kyc_payout_hold",
  /** Staff ended a live stream at once, and suspended a creator's live access (live module, ADR 126). */
  "live_stream_end",
  "live_suspension",
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

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
