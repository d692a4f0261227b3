/**
 * Statements of reasons (DSA Art. 17, issue 30 item 4): every decision that removes, disables or demotes content,
 * restricts or suspends an account or stops a payout is written once as a statement — what was decided, on which
 * ground (a law or the terms), the facts, whether it was automated — which the affected member reads in their
 * language, can appeal within APPEAL_WINDOW_MONTHS (Art. 20) and which is submitted to the EU's DSA Transparency
 * Database (Art. 24(5)). The vocabulary follows the database's fields so one row maps to one submission.
 */
import * as v from "valibot";
import type { RejectionReason } from "./moderation";
import { pageQueryParam } from "./paging";
import type { PromotionReviewRejectCode } from "./promotion";
import type { ReportObjectKind } from "./reports";

export {
  STATEMENT_GROUNDS,
  STATEMENT_KINDS,
  STATEMENT_RESTRICTIONS,
  type StatementGround,
  type StatementKind,
  type StatementRestriction,
} from "./decisions";
import type { StatementGround, StatementRestriction } from "./decisions";

/** Art. 17(3)(b): how the case came to us (the database's source_type). */
export const STATEMENT_SOURCES = ["notice", "trusted_flagger", "own_initiative"] as const;
export type StatementSource = (typeof STATEMENT_SOURCES)[number];

/** What a statement is about: a reportable object, the account itself, or a payout. */
export type StatementSubjectKind = ReportObjectKind | "account" | "payout" | "profile_text" | "bundle" | "promotion";

/** Submission to the Transparency Database: waiting for the job, accepted (uuid kept), or given up after retries. */
export const STATEMENT_TDB_STATES = ["pending", "submitted", "failed"] as const;
export type StatementTdbState = (typeof STATEMENT_TDB_STATES)[number];

/** Art. 20(1): the internal complaint is open "for a period of at least six months" from the decision. */
export const APPEAL_WINDOW_MONTHS = 6;

/** The reference a member quotes: S-000042. */
export function statementReference(id: number): string {
  return `S-${String(id).padStart(6, "0")}`;
}

/**
 * The clauses of our terms a decision can rest on (ground "terms"): the statement stores `terms:<clause>` as its
 * ground_reference, and the member reads the clause's name and why such content is incompatible in their language
 * (locales statements.json `clauses.<clause>`). `category` is the Transparency Database's STATEMENT_CATEGORY_… for
 * decisions on that clause (ADR 110).
 */
export const TERMS_CLAUSES = {
  /** Safer sex: no offer of unprotected sexual services (ProstSchG § 32 obliges us to keep them out). */
  safer_sex: { category: "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE" },
  /** Contact goes through the platform: no phone numbers, addresses or links in public content. */
  contact_details: { category: "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE" },
  /** Explicit content only where it is allowed (fsk18 areas, paid content), never in public places. */
  explicit_public: { category: "STATEMENT_CATEGORY_PORNOGRAPHY_OR_SEXUALIZED_CONTENT" },
  /** Only one's own pictures and texts; nobody else shown or named without their consent. */
  third_party: { category: "STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS" },
  /** Pictures and texts must be recognisable and meaningful. */
  quality: { category: "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE" },
  /** Respect: no insults, discrimination or threats. */
  respect: { category: "STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH" },
  /** The general rules of use (anything else the terms forbid). */
  general: { category: "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE" },
  /** Payouts: earnings are paid out only after our checks of the payee and of the money's origin. */
  payout_checks: { category: "STATEMENT_CATEGORY_SCAMS_AND_FRAUD" },
} as const;
export type TermsClause = keyof typeof TERMS_CLAUSES;
export const TERMS_CLAUSE_KEYS = Object.keys(TERMS_CLAUSES) as TermsClause[];

/** The Transparency Database's categories (STATEMENT_CATEGORY_…) a statement can carry. */
export type StatementCategory = (typeof TERMS_CLAUSES)[TermsClause]["category"] | `STATEMENT_CATEGORY_${string}`;

/** The ground_reference of a decision on a clause of our terms. */
export function termsReference(clause: TermsClause): string {
  return `terms:${clause}`;
}

/** The clause a ground_reference names, or null (a law, or free text written by the team). */
export function termsClauseOf(reference: string): TermsClause | null {
  if (!reference.startsWith("terms:")) return null;
  const clause = reference.slice("terms:".length);
  return Object.hasOwn(TERMS_CLAUSES, clause) ? (clause as TermsClause) : null;
}

/**
 * The one mapping from the content queues' rejection reasons (contract/moderation REJECTION_REASONS, used by the
 * photo, text, bundle, blog and event queues) to the clause of our terms the refusal rests on.
 */
export const REJECTION_REASON_CLAUSES = {
  unprotected_sex: "safer_sex",
  contact_details: "contact_details",
  explicit_public: "explicit_public",
  third_party: "third_party",
  poor_quality: "quality",
  offensive: "respect",
  terms: "general",
} as const satisfies Record<RejectionReason, TermsClause>;

/**
 * A refused promotion profile (contract/promotion PROMOTION_REVIEW_REJECT_CODES): `content` restricts the profile's
 * visibility on a clause of our terms; `not_listed` restricts nothing (the profile is not in search anyway, the
 * dollars go back) and has no statement.
 */
export const PROMOTION_REJECT_CLAUSES = {
  content: "general",
  not_listed: null,
} as const satisfies Record<PromotionReviewRejectCode, TermsClause | null>;

/** The member's statements: 20 a page, newest first. */
export const STATEMENT_PAGE_SIZE = 20;

export const STATEMENT_ERRORS = {
  notFound: "exception.statements.not_found",
} as const;

/** GET /statements: a page. */
export const statementListQuerySchema = v.strictObject({ page: pageQueryParam }, "validation.invalid");

/**
 * Why a restriction ended before (or without) the end it named, its cause having gone away (ADR 123) — not a
 * reversal: the decision was right when taken. kyc_complete: a payout held by KYC went back to the approval queue.
 */
export const STATEMENT_LIFT_CAUSES = ["kyc_complete"] as const;
export type StatementLiftCause = (typeof STATEMENT_LIFT_CAUSES)[number];

/** One statement as its member reads it (Art. 17(3)). */
export interface StatementView {
  id: number;
  /** S-000042: what the member quotes. */
  reference: string;
  subject_kind: StatementSubjectKind;
  subject_id: string;
  restriction: StatementRestriction;
  /** The end of a time-limited restriction; null: not limited in time. */
  ends_at: number | null;
  ground: StatementGround;
  /** The law or our clause, as stored; `terms_clause` is set when it names a clause of TERMS_CLAUSES. */
  ground_reference: string;
  terms_clause: TermsClause | null;
  /** The facts, as the team wrote them. */
  facts: string;
  source: StatementSource;
  automated_detection: boolean;
  automated_decision: boolean;
  created_at: number;
  reversed_at: number | null;
  /** The restriction no longer applies since (ADR 123), and why; the statement is kept as issued. */
  lifted_at: number | null;
  lift_cause: StatementLiftCause | null;
  /** The last moment of the internal complaint (Art. 20: APPEAL_WINDOW_MONTHS after the decision). */
  appeal_until: number;
  /** Whether the internal complaint is still open (within the window, not reversed). */
  appealable: boolean;
}

/** GET /statements: the member's statements, newest first. */
export interface StatementList {
  items: StatementView[];
  page: number;
  page_size: number;
  total: number;
}

/** The last moment of the internal complaint: APPEAL_WINDOW_MONTHS calendar months after the decision (UTC). */
export function appealUntil(createdAt: number): number {
  const date = new Date(createdAt);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + APPEAL_WINDOW_MONTHS);
  // 31 August + 6 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

export interface StatementBodies {
  StatementList: StatementList;
  StatementView: StatementView;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends StatementBodies {}
}
