/**
 * Statements of reasons (DSA Art. 17, issue 30 item 4): every decision that removes, disables or demotes content,
 * restricts or suspends an account or stops a payout is written once as a statement — what was decided, on which
 * ground (a law or the terms), the facts, whether it was automated — which the affected member reads in their
 * language, can appeal within APPEAL_WINDOW_MONTHS (Art. 20) and which is submitted to the EU's DSA Transparency
 * Database (Art. 24(5)). The vocabulary follows the database's fields so one row maps to one submission.
 */
import type { ReportObjectKind } from "./reports";

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

/** Art. 17(3)(b): how the case came to us (the database's source_type). */
export const STATEMENT_SOURCES = ["notice", "trusted_flagger", "own_initiative"] as const;
export type StatementSource = (typeof STATEMENT_SOURCES)[number];

/** What a statement is about: a reportable object, the account itself, or a payout. */
export type StatementSubjectKind = ReportObjectKind | "account" | "payout";

/** Submission to the Transparency Database: waiting for the job, accepted (uuid kept), or given up after retries. */
export const STATEMENT_TDB_STATES = ["pending", "submitted", "failed"] as const;
export type StatementTdbState = (typeof STATEMENT_TDB_STATES)[number];

/** Art. 20(1): the internal complaint is open "for a period of at least six months" from the decision. */
export const APPEAL_WINDOW_MONTHS = 6;

/** The reference a member quotes: S-000042. */
export function statementReference(id: number): string {
  return `S-${String(id).padStart(6, "0")}`;
}
