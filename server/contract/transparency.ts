/**
 * The transparency report (DSA Arts. 15 and 24, issue 30 item 4, ADR 114), trusted flaggers (Art. 22) and the misuse
 * rules (Art. 23, ADR 115): periods, the published counts, the rules' numbers and the back office's forms. The one
 * source of truth for both tiers.
 */
import * as v from "valibot";
import type { ReportObjectKind, ReportType } from "./reports";
import type { StatementGround, StatementRestriction, StatementSource } from "./statements";

const DAY = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------
// Periods: a calendar year ("2026") or a half-year ("2026-H1", "2026-H2"), in UTC.
// ---------------------------------------------------------------------------------------------------------

export const PERIOD_PATTERN = /^(\d{4})(?:-H([12]))?$/;

export interface Period {
  key: string;
  kind: "year" | "half";
  startsAt: number;
  /** Exclusive. */
  endsAt: number;
}

/** The period a key names, or null for anything else (years 2020–2099: the platform's lifetime, not any number). */
export function periodOf(key: string): Period | null {
  const match = PERIOD_PATTERN.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2020 || year > 2099) return null;
  if (match[2] === undefined) return { key, kind: "year", startsAt: Date.UTC(year, 0, 1), endsAt: Date.UTC(year + 1, 0, 1) };
  const first = match[2] === "1";
  return {
    key,
    kind: "half",
    startsAt: Date.UTC(year, first ? 0 : 6, 1),
    endsAt: first ? Date.UTC(year, 6, 1) : Date.UTC(year + 1, 0, 1),
  };
}

/** Art. 24(2): the average monthly active recipients are the average over this many months. */
export const ACTIVE_RECIPIENT_MONTHS = 6;

/** A month as the active_months table stores it: 202612 for December 2026 (UTC). */
export function monthNumberOf(at: number): number {
  const date = new Date(at);
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
}

// ---------------------------------------------------------------------------------------------------------
// The published counts (one JSON document per period; the page's table and the CSV are built from it).
// ---------------------------------------------------------------------------------------------------------

/** Where a notice came from (Art. 15(1)(b), Art. 24(1)(a)): a member, a guest (the public form), a trusted flagger. */
export const NOTICE_SOURCES = ["member", "guest", "trusted_flagger"] as const;
export type NoticeSource = (typeof NOTICE_SOURCES)[number];

export interface TransparencyNotices {
  /** Notices (reports) filed in the period. */
  received: number;
  by_type: Record<ReportType, number>;
  by_kind: Record<ReportObjectKind, number>;
  by_source: Record<NoticeSource, number>;
  /** Notices decided in the period, by whether anything was done. */
  decided: number;
  acted_on: number;
  no_action: number;
  /** Of no_action: marked manifestly unfounded by the team (Art. 23(2)). */
  manifestly_unfounded: number;
  /** Median time from filing to decision of the notices decided in the period, in ms (null: none decided). */
  median_decision_ms: number | null;
  /** The same for trusted flaggers' notices alone (Art. 15(1)(b)). */
  median_decision_ms_trusted_flagger: number | null;
}

export interface TransparencyDecisions {
  /** Statements of reasons written in the period: every restricting decision (Art. 17). */
  total: number;
  by_restriction: Record<StatementRestriction, number>;
  by_ground: Record<StatementGround, number>;
  /** notice and trusted_flagger: taken on a notice; own_initiative: the platform's own (Art. 15(1)(c)). */
  by_source: Record<StatementSource, number>;
  /** Art. 15(1)(c)/(e): found or decided by automated means. None here: every decision is a person's. */
  automated_detection: number;
  automated_decision: number;
}

export interface TransparencyAppeals {
  /** Internal complaints (Art. 20) filed and decided in the period; null where the appeals are not counted yet. */
  received: number | null;
  decided: number | null;
  /** Decisions reversed in the period (statements' reversed_at), by an appeal or by the team. */
  reversed: number;
  median_decision_ms: number | null;
}

export interface TransparencyMisuse {
  warnings: { illegal_content: number; unfounded_notices: number };
  suspensions: { illegal_content: number; unfounded_notices: number };
}

export interface MonthlyActiveRecipients {
  /** The mean of `months`' counts, rounded down. */
  average: number;
  months: Array<{ month: string; recipients: number }>;
  /** Signed-in members only: guests are not counted (ADR 114). */
  counts_guests: false;
}

export interface TransparencyCounts {
  notices: TransparencyNotices;
  decisions: TransparencyDecisions;
  appeals: TransparencyAppeals;
  misuse: TransparencyMisuse;
  /** Orders to act (Art. 9) and to give information (Art. 10) from authorities: none received. */
  authority_orders: { act_against_content: number; provide_information: number };
  /** Out-of-court settlement bodies (Art. 21): disputes submitted. */
  out_of_court_disputes: number;
  monthly_active_recipients: MonthlyActiveRecipients;
}

/** GET /transparency/{period}: one published report. */
export interface TransparencyReport {
  period: string;
  kind: "year" | "half";
  starts_at: number;
  ends_at: number;
  computed_at: number;
  counts: TransparencyCounts;
}

/** GET /transparency: the published periods, newest first, and the newest report whole. */
export interface TransparencyIndex {
  periods: Array<{ period: string; kind: "year" | "half"; computed_at: number }>;
  latest: TransparencyReport | null;
}

/** The counts as rows of the CSV download: section, key, value (a flat, stable order). */
export function transparencyCsv(report: TransparencyReport): string {
  const rows: Array<[string, string, string]> = [["section", "key", "value"]];
  const add = (section: string, value: unknown, prefix = ""): void => {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) add(section, inner, prefix ? `${prefix}.${key}` : key);
    } else if (Array.isArray(value)) {
      for (const item of value as Array<{ month: string; recipients: number }>)
        rows.push([section, `${prefix}.${item.month}`, String(item.recipients)]);
    } else rows.push([section, prefix, value === null ? "" : String(value)]);
  };
  add("period", {
    key: report.period,
    starts_at: new Date(report.starts_at).toISOString(),
    ends_at: new Date(report.ends_at).toISOString(),
  });
  for (const [section, value] of Object.entries(report.counts)) add(section, value);
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** POST /backoffice/transparency/publish: computes (again) and publishes the report of an ended period. */
export const publishTransparencySchema = v.object(
  {
    period: v.pipe(
      v.string("validation.transparency.period_invalid"),
      v.trim(),
      v.check((key) => periodOf(key) !== null, "validation.transparency.period_invalid"),
    ),
  },
  "validation.required",
);
export type PublishTransparencyInput = v.InferOutput<typeof publishTransparencySchema>;

/** A period that has not ended yet cannot be published (its counts would change). */
export const PERIOD_NOT_ENDED = "validation.transparency.period_not_ended";

/** The scheduled run: this long after a half-year's end, so late decisions of its last day are in. */
export const SCHEDULED_RUN_DELAY_MS = DAY;

// ---------------------------------------------------------------------------------------------------------
// Trusted flaggers (Art. 22).
// ---------------------------------------------------------------------------------------------------------

export const TRUSTED_FLAGGER_LIMITS = { organisationMax: 200, referenceMax: 100, endReasonMax: 1000 } as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD) as the UTC midnight starting it, or null. */
export function dayStartOf(value: string): number | null {
  if (!DATE_PATTERN.test(value)) return null;
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value ? null : at;
}

const text = (max: number, key: string) =>
  v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(max, key));
const day = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.check((value) => dayStartOf(value) !== null, "validation.transparency.date_invalid"),
);

/** POST /backoffice/trusted-flaggers: the member (by username) and the coordinator's award; ends_on after starts_on. */
export const trustedFlaggerSchema = v.pipe(
  v.object(
    {
      username: text(100, "validation.invalid"),
      organisation: text(TRUSTED_FLAGGER_LIMITS.organisationMax, "validation.transparency.organisation_too_long"),
      coordinator_reference: text(TRUSTED_FLAGGER_LIMITS.referenceMax, "validation.transparency.reference_too_long"),
      starts_on: day,
      ends_on: day,
    },
    "validation.required",
  ),
  v.forward(
    v.check((input) => dayStartOf(input.ends_on)! > dayStartOf(input.starts_on)!, "validation.transparency.ends_before_start"),
    ["ends_on"],
  ),
);
export type TrustedFlaggerInput = v.InferOutput<typeof trustedFlaggerSchema>;

/**
 * POST /backoffice/trusted-flaggers/{id}/end: why the award ends (the coordinator's letter, a reference). Optional —
 * the coordinator decides, not us — but the form asks for it, and the audit row keeps it; empty is kept as none.
 */
export const endTrustedFlaggerSchema = v.object(
  {
    reason: v.optional(
      v.pipe(
        v.string("validation.invalid"),
        v.trim(),
        v.maxLength(TRUSTED_FLAGGER_LIMITS.endReasonMax, "validation.transparency.end_reason_too_long"),
      ),
      "",
    ),
  },
  "validation.required",
);

export const TRUSTED_FLAGGER_ERRORS = {
  /** No such member (or not one who may file notices: staff, deleted). */
  memberUnknown: "validation.transparency.member_unknown",
  /** The member is a trusted flagger for an overlapping time already. */
  overlapping: "exception.transparency.flagger_overlapping",
  notFound: "exception.transparency.flagger_not_found",
  alreadyEnded: "exception.transparency.flagger_ended",
} as const;

export interface TrustedFlagger {
  id: number;
  user_id: number;
  username: string;
  organisation: string;
  coordinator_reference: string;
  starts_at: number;
  ends_at: number;
  revoked_at: number | null;
  /** Active now: started, not ended, not revoked. */
  active: boolean;
  /** Notices filed while trusted. */
  notices: number;
}

export interface TrustedFlaggerList {
  items: TrustedFlagger[];
}

// ---------------------------------------------------------------------------------------------------------
// Misuse (Art. 23, ADR 115).
// ---------------------------------------------------------------------------------------------------------

const YEAR = 365 * DAY;

/**
 * The two rules. Each counts the qualifying events of the last `windowMs` after the rule's latest warning or
 * suspension; at `threshold` the member is warned, or — when a warning or suspension of the same rule lies within
 * the window — suspended for `suspensionMs`. Unfounded notices also need `minShare` of the notifier's decided
 * notices in the window to be manifestly unfounded (Art. 23(3): absolute numbers and the relative proportion).
 */
export const MISUSE_RULES = {
  /** Art. 23(1): decisions against the member's content on the ground of illegality, not reversed. */
  illegal_content: { windowMs: YEAR, threshold: 3, suspensionMs: 30 * DAY },
  /** Art. 23(2): the notifier's notices the team marked manifestly unfounded. */
  unfounded_notices: { windowMs: YEAR, threshold: 3, minShare: 0.5, suspensionMs: 30 * DAY },
} as const;
export type MisuseRule = keyof typeof MISUSE_RULES;
export const MISUSE_ACTIONS = ["warning", "suspension"] as const;
export type MisuseAction = (typeof MISUSE_ACTIONS)[number];

/** The clauses a suspension's statement of reasons cites. */
export const MISUSE_GROUND_REFERENCE = {
  illegal_content: "Art. 23(1) DSA; AGB § 9",
  unfounded_notices: "Art. 23(2) DSA; AGB § 9",
} as const;

/** fileReport refuses a suspended notifier: 403 with `until` (YYYY-MM-DD, UTC) in the error's params. */
export const NOTICES_SUSPENDED = "exception.transparency.notices_suspended";
/** Login refuses a suspended account the same way. */
export const ACCOUNT_SUSPENDED = "exception.transparency.account_suspended";

// ---------------------------------------------------------------------------------------------------------
// Response bodies.
// ---------------------------------------------------------------------------------------------------------

export interface TransparencyPublished {
  period: string;
  computed_at: number;
}

export interface TransparencyBodies {
  TransparencyIndex: TransparencyIndex;
  TransparencyReport: TransparencyReport;
  TransparencyPublished: TransparencyPublished;
  TrustedFlaggerList: TrustedFlaggerList;
  TrustedFlagger: TrustedFlagger;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends TransparencyBodies {}
}
