/**
 * The back office's members (issue 30 item 5, ADR 118): the member search, a member's page and the staff actions on a
 * member — ban, unban, pause for a chosen time, unpause, sign out everywhere, reset a verification. The forced fake
 * check (contract/verification) and the forced age check (contract/age-verification) have their own operations; the
 * member's page offers them beside these.
 */
import * as v from "valibot";
import type { AccountingOrder, AuditItem } from "./accounting";
import type { AgeVerificationStatusName } from "./age-verification";
import type { LedgerCurrency } from "./ledger";
import type { MediaImage } from "./media";
import { pageQueryParam } from "./paging";
import type { StatementRestriction, StatementSubjectKind } from "./statements";
import type { TrustLevelAnswer } from "./trust";
import { USER_TYPE, type UserTypeName } from "./users";
import { VERIFICATION_KINDS, type VerificationBadges, type VerificationKindState } from "./verification";

/** The account states the search filters by (users.status; claimable and deactivated profiles are found without it). */
export const MEMBER_SEARCH_STATUSES = ["active", "paused", "banned", "deleted"] as const;
export type MemberSearchStatus = (typeof MEMBER_SEARCH_STATUSES)[number];

/** The user types the search filters by, by name (contract/users USER_TYPE). */
export const MEMBER_SEARCH_TYPES = ["client", "escort", "business", "team", "backend"] as const satisfies readonly UserTypeName[];
export type MemberSearchType = (typeof MEMBER_SEARCH_TYPES)[number];
export const memberSearchTypeCode = (name: MemberSearchType): number => USER_TYPE[name];

export const MEMBERS_PAGE_SIZE = 25;
/** The member's page lists the newest of these. */
export const MEMBER_PAGE_REPORTS = 10;
export const MEMBER_PAGE_STATEMENTS = 20;
export const MEMBER_PAGE_LEDGER = 20;
export const MEMBER_PAGE_ORDERS = 10;
export const MEMBER_PAGE_SESSIONS = 20;

/**
 * How long the team may pause an account, in days (ADR 118): a choice of fixed lengths, so a pause always ends by
 * itself; a ban is what does not end.
 */
export const MEMBER_PAUSE_DAYS = [1, 3, 7, 14, 30, 90] as const;
export type MemberPauseDays = (typeof MEMBER_PAUSE_DAYS)[number];

/** The staff's reason: kept in the audit trail and, for a restriction, the facts of the statement the member reads. */
export const MEMBER_REASON_MIN = 10;
export const MEMBER_REASON_MAX = 1000;

/** The actions of the members module (each a POST /backoffice/members/{id}/<action>). */
export const MEMBER_ACTIONS = ["ban", "unban", "pause", "unpause", "sign_out", "reset_verification"] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/** The terms' clauses a restriction by the team rests on (the statement's ground reference). */
export const MEMBER_TERMS_REFERENCE = "AGB § 7";

export const MEMBER_ERRORS = {
  notFound: "exception.members.not_found",
  /** Staff accounts are not acted on from the member's page (their roles are managed elsewhere). */
  staffAccount: "exception.members.staff_account",
  /** A deleted account is only a tombstone: nothing to ban or pause. */
  deleted: "exception.members.deleted",
  alreadyBanned: "exception.members.already_banned",
  notBanned: "exception.members.not_banned",
  alreadyPaused: "exception.members.already_paused",
  notPaused: "exception.members.not_paused",
  /** Nothing to reset: no check of that kind counts. */
  nothingToReset: "exception.members.nothing_to_reset",
  /** The member's own resume is refused while the team's pause runs. */
  pausedByTeam: "exception.members.paused_by_team",
  reason: "validation.members.reason",
  days: "validation.members.days",
  kind: "validation.members.kind",
  search: "validation.members.search",
} as const;

const invalid = "validation.invalid";
const optionalText = (max: number) => v.optional(v.pipe(v.string(invalid), v.trim(), v.maxLength(max, MEMBER_ERRORS.search)), "");

/** GET /backoffice/members: every filter optional, combined with AND; newest accounts first. */
export const memberSearchQuerySchema = v.object({
  /** The beginning of the username, any case. */
  username: optionalText(64),
  /** The whole address, any case. */
  email: v.optional(v.pipe(v.string(invalid), v.trim(), v.maxLength(254, MEMBER_ERRORS.search), v.toLowerCase()), ""),
  id: v.optional(v.pipe(v.string(invalid), v.trim(), v.regex(/^(|[1-9]\d{0,9})$/, MEMBER_ERRORS.search)), ""),
  type: v.optional(v.picklist(["", ...MEMBER_SEARCH_TYPES], MEMBER_ERRORS.search), ""),
  status: v.optional(v.picklist(["", ...MEMBER_SEARCH_STATUSES], MEMBER_ERRORS.search), ""),
  /** The profile's city by name (any case, as the profile shows it). */
  city: optionalText(100),
  page: pageQueryParam,
});
export type MemberSearchQuery = v.InferOutput<typeof memberSearchQuerySchema>;

const reasonField = v.pipe(
  v.string(MEMBER_ERRORS.reason),
  v.trim(),
  v.minLength(MEMBER_REASON_MIN, MEMBER_ERRORS.reason),
  v.maxLength(MEMBER_REASON_MAX, MEMBER_ERRORS.reason),
);

/** ban, unban, unpause, sign_out: the reason alone. */
export const memberReasonSchema = v.object({ reason: reasonField }, MEMBER_ERRORS.reason);

/** pause: the reason and the length (a form sends the days as text). */
export const memberPauseSchema = v.object(
  {
    reason: reasonField,
    days: v.pipe(
      v.union([
        v.number(MEMBER_ERRORS.days),
        v.pipe(v.string(MEMBER_ERRORS.days), v.regex(/^\d{1,3}$/, MEMBER_ERRORS.days), v.transform(Number)),
      ]),
      v.picklist(MEMBER_PAUSE_DAYS, MEMBER_ERRORS.days),
    ),
  },
  MEMBER_ERRORS.reason,
);

/** reset_verification: which kind of check counts no more. */
export const memberResetSchema = v.object(
  { reason: reasonField, kind: v.picklist(VERIFICATION_KINDS, MEMBER_ERRORS.kind) },
  MEMBER_ERRORS.reason,
);

/** One row of the search. */
export interface MemberSearchItem {
  id: number;
  username: string;
  email: string;
  user_type: number;
  status: string;
  language: string;
  city_name: string | null;
  created_at: number;
  last_active_at: number | null;
}

/** GET /backoffice/members: one page, and whether another follows (no total: counting 100,000 rows for it is waste). */
export interface MemberSearchPage {
  items: MemberSearchItem[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/** The team's open restriction of the account (a ban, or a pause with its end). */
export interface MemberRestriction {
  id: number;
  kind: "ban" | "pause";
  reason: string;
  created_at: number;
  ends_at: number | null;
  created_by: number | null;
  statement_id: number | null;
}

export interface MemberReportRow {
  id: number;
  object_kind: string;
  type: string;
  state: string;
  outcome: string | null;
  created_at: number;
  /** The other side: the reported account's name (reports by them) or the reporter's (about them; null for guests). */
  other_username: string | null;
}

export interface MemberStatementRow {
  id: number;
  reference: string;
  subject_kind: StatementSubjectKind;
  subject_id: string;
  restriction: StatementRestriction;
  ground_reference: string;
  facts: string;
  created_at: number;
  ends_at: number | null;
  reversed_at: number | null;
}

/** One ledger operation as it moved this member's money: the change of their accounts (negative: money left them). */
export interface MemberLedgerRow {
  id: number;
  kind: string;
  status: string;
  currency: LedgerCurrency;
  amount: number;
  created_at: number;
}

/** A sign-in and the tokens its refreshes derived from it (one access_tokens family). */
export interface MemberSession {
  family: string;
  started_at: number;
  /** The newest token of the family: when it was last refreshed. */
  last_used_at: number;
  /** The address as stored at the last refresh (erased with the account). */
  client_ip: string | null;
  live: boolean;
}

/** A member's cached balances in one currency, minor units (contract/ledger MEMBER_ACCOUNTS). */
export interface MemberBalances {
  wallet: number;
  pending: number;
  frozen: number;
  payout: number;
}

export interface MemberMoney {
  /** Cached balances of the member's accounts (both roles). */
  balances: { dollar: MemberBalances; euro: MemberBalances };
  /** Backend staff only (money.manage): the orders and the ledger's entries; null for the team. */
  orders: AccountingOrder[] | null;
  ledger: MemberLedgerRow[] | null;
}

/** GET /backoffice/members/{id}. */
export interface BackofficeMember {
  viewer_role: "team" | "backend";
  member: {
    id: number;
    username: string;
    email: string;
    display_name: string | null;
    user_type: number;
    status: string;
    language: string;
    created_at: number;
    last_login_at: number | null;
    last_active_at: number | null;
    city_name: string | null;
    avatar: MediaImage | null;
    plus_until: number | null;
    is_plus: boolean;
    forced_fake_check: boolean;
    is_staff: boolean;
  };
  restriction: MemberRestriction | null;
  verification: {
    age_status: AgeVerificationStatusName;
    age_forced: boolean;
    checks: VerificationKindState[];
    badges: VerificationBadges;
    trust: TrustLevelAnswer;
  };
  /** KYC for payouts (issue 30 item 3): the kyc module's state once wired; null: not known here. */
  kyc: { status: string; updated_at: number | null } | null;
  reports: { by_count: number; about_count: number; by: MemberReportRow[]; about: MemberReportRow[] };
  statements: MemberStatementRow[];
  money: MemberMoney;
  sessions: MemberSession[];
  audit: AuditItem[];
}

/** POST /backoffice/members/{id}/<action>: what changed. */
export interface MemberActionDone {
  user_id: number;
  action: MemberAction;
  status: string;
  restriction: MemberRestriction | null;
  statement_id: number | null;
  /** sign_out: how many sessions ended; reset_verification: how many checks no longer count. */
  affected: number;
}

export interface MembersBodies {
  MemberSearchPage: MemberSearchPage;
  BackofficeMember: BackofficeMember;
  MemberActionDone: MemberActionDone;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends MembersBodies {}
}
