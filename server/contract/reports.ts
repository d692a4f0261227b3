/**
 * Reports and notices (issue 11 item 5, ADR 038): what anyone may report, about which object, with which
 * details, and what the reporter and the back office read. The one source of truth for both tiers.
 *
 * A report names one object by kind and id (or, for the public notice form, by its web address). Its type
 * says what is wrong; the type's category groups the select, its priority orders the back office queue
 * (underage and trafficking first). The spec lists no categories or types: they are designed from what a
 * platform of this kind must act on (DSA Art. 16 notices of illegal content, ProstSchG § 32, the terms).
 */
import * as v from "valibot";
import { CONTENT_REMOVAL_PAGE_KEY } from "./pages";
import { pageQueryParam } from "./paging";
import { MAX_ROW_ID } from "./row-id";
import type { OwnAppeal, StatementGround, StatementRestriction } from "./decisions";
import { emailSchema } from "./validation";

/** The kinds and types of reports: in ./report-types (free of valibot, ADR 156). */
export * from "./report-types";
import { REPORT_OBJECT_KINDS, REPORT_TYPE_KEYS, type ReportObjectKind, type ReportType } from "./report-types";

/**
 * Child sexual abuse reports may be filed without name and e-mail (DSA Art. 16(2)(c) exempts offences of
 * Directive 2011/93/EU): nobody should hold back such a report for fear of being named.
 */
export const ANONYMOUS_TYPES: readonly ReportType[] = ["underage"];

export const REPORT_LIMITS = {
  /** The explanation: optional for members' reports (except type other), required in a guest's notice. */
  textMin: 20,
  textMax: 2000,
  nameMax: 120,
  urlMax: 2000,
  /** The team's statement of reasons (DSA Art. 17): what was decided and why, read by the reporter. */
  statementMin: 20,
  statementMax: 2000,
  /** A page of the member's reports and of the back office queue. */
  pageSize: 20,
} as const;

const HOUR = 60 * 60 * 1000;

/**
 * A guest's notice is stored at once, but its receipt and decision go only to an address its owner confirmed
 * (ADR 059): the form would otherwise mail anyone at will. One short mail with a single-use link, valid this long;
 * at most `perAddress` such mails to one address and `perIp` from one network address in a sliding day. A notice
 * over a limit is still stored and processed; only the mail is not sent.
 */
export const REPORT_EMAIL_CONFIRMATION = {
  ttlMs: 48 * HOUR,
  perAddress: { windowMs: 24 * HOUR, limit: 3 },
  perIp: { windowMs: 24 * HOUR, limit: 10 },
} as const;

/** The web page the confirmation link opens (after the language): a GET shows a button, its POST confirms. */
export const REPORT_EMAIL_CONFIRM_PATH = `about/${CONTENT_REMOVAL_PAGE_KEY}/confirm`;

/** POST /reports/confirm-email: the token of the link. */
export const confirmReportEmailSchema = v.object(
  { token: v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(200, "validation.invalid")) },
  "validation.required",
);
export type ConfirmReportEmailInput = v.InferOutput<typeof confirmReportEmailSchema>;

/** A wrong, expired or used confirmation link: one answer for all three (400 at `token`). */
export const REPORT_CONFIRMATION_INVALID = "exception.reports.confirmation_invalid";

/**
 * What happens with a new report's receipt: `sent` to a member's account address; `confirmation_sent`: a guest's
 * address first gets the confirmation link; `confirmation_limited`: none could be sent now (a limit above), so no
 * receipt and no decision will be mailed; `none`: an anonymous report has no address.
 */
export const REPORT_RECEIPTS = ["sent", "confirmation_sent", "confirmation_limited", "none"] as const;
export type ReportReceipt = (typeof REPORT_RECEIPTS)[number];

/** open: waiting for the team; decided: the decision is recorded and mailed. */
export const REPORT_STATES = ["open", "decided"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** What the team decided (DSA Art. 17 (1) lists the restrictions a statement of reasons must name). */
export const REPORT_OUTCOMES = ["no_action", "content_removed", "account_restricted", "account_banned"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/**
 * The ground of a report decision's statement of reasons (DSA Art. 17(3)(d)/(e)), one line per report type: the law
 * the content breaks where the type names an offence, else the clause of the terms. Written into the statement, so the
 * member reads what their content was measured against.
 */
export const REPORT_TYPE_GROUNDS: Record<ReportType, { ground: StatementGround; reference: string }> = {
  underage: { ground: "illegal", reference: "§§ 184b, 184c StGB" },
  trafficking: { ground: "illegal", reference: "§§ 232–233a StGB, ProstSchG" },
  threat: { ground: "illegal", reference: "§ 241 StGB" },
  violence: { ground: "illegal", reference: "§§ 223, 177 StGB" },
  non_payment: { ground: "terms", reference: "AGB: Umgang miteinander" },
  non_consensual_imagery: { ground: "illegal", reference: "§ 201a StGB, §§ 22, 33 KUG" },
  personal_data: { ground: "illegal", reference: "Art. 6 DSGVO, § 126a StGB" },
  unprotected_sex: { ground: "illegal", reference: "§ 32 ProstSchG" },
  illegal_content: { ground: "illegal", reference: "DSA Art. 3(h)" },
  copyright: { ground: "illegal", reference: "§§ 97, 106 UrhG" },
  scam: { ground: "illegal", reference: "§ 263 StGB" },
  impersonation: { ground: "terms", reference: "AGB: Echtheit der Profile" },
  fake_profile: { ground: "terms", reference: "AGB: Echtheit der Profile" },
  fake_review: { ground: "terms", reference: "AGB: Bewertungen" },
  hate_harassment: { ground: "terms", reference: "AGB: Umgang miteinander" },
  spam: { ground: "terms", reference: "AGB: Werbung und Spam" },
  other: { ground: "terms", reference: "AGB" },
};

/**
 * What a report outcome does, as a statement names it (contract/statements STATEMENT_RESTRICTIONS): a removed profile
 * is disabled (hidden, kept for the appeal), any other removed content is removed; a restriction limits the service
 * for ACCOUNT_RESTRICTION_DAYS; a ban terminates the account. no_action restricts nothing and writes no statement.
 */
export function restrictionOfOutcome(outcome: Exclude<ReportOutcome, "no_action">, kind: ReportObjectKind): StatementRestriction {
  if (outcome === "account_banned") return "account_terminated";
  if (outcome === "account_restricted") return "service_restricted";
  return kind === "profile" ? "content_disabled" : "content_removed";
}

/**
 * account_restricted (ADR 112): for this many days the member can start no new conversation (no first contacts) and
 * file no reports; their profile, messages in running conversations and content stay. An appeal that succeeds lifts it.
 */
export const ACCOUNT_RESTRICTION_DAYS = 30;
export const ACCOUNT_RESTRICTED = "exception.reports.account_restricted";

/** Only web addresses can name content on the platform. */
export function isHttpUrl(value: string): boolean {
  if (value.length > REPORT_LIMITS.urlMax) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const required = "validation.required";

/** An optional trimmed text: empty means absent. */
const optionalText = (max: number, key: string) =>
  v.optional(
    v.pipe(
      v.string(key),
      v.trim(),
      v.maxLength(max, key),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  );

/**
 * POST /reports. Cross-field rules (the type fits the kind; object_id or url as the kind needs; name and
 * e-mail from guests; the explanation where required) are checked by the service and answered at the field.
 */
export const fileReportSchema = v.object(
  {
    kind: v.picklist(REPORT_OBJECT_KINDS, "validation.reports.kind_invalid"),
    object_id: v.optional(
      v.pipe(
        v.number("validation.reports.object_invalid"),
        v.integer("validation.reports.object_invalid"),
        v.minValue(1, "validation.reports.object_invalid"),
        v.maxValue(MAX_ROW_ID, "validation.reports.object_invalid"),
      ),
    ),
    url: v.optional(
      v.pipe(
        v.string("validation.reports.url_invalid"),
        v.trim(),
        v.transform((s) => (s === "" ? undefined : s)),
        v.check((s) => s === undefined || isHttpUrl(s), "validation.reports.url_invalid"),
      ),
    ),
    type: v.picklist(REPORT_TYPE_KEYS, "validation.reports.type_required"),
    text: optionalText(REPORT_LIMITS.textMax, "validation.reports.text_too_long"),
    name: optionalText(REPORT_LIMITS.nameMax, "validation.reports.name_too_long"),
    email: v.optional(
      v.pipe(
        v.string("validation.email.invalid"),
        v.trim(),
        v.transform((s) => (s === "" ? undefined : s)),
        v.check((s) => s === undefined || v.is(emailSchema, s), "validation.email.invalid"),
      ),
    ),
    // An unchecked box is absent from a form post: default it to false so the check reports its own message
    // (together with the other fields' errors of this schema; the service checks it again with the rules
    // across fields, which run only once the schema passes).
    good_faith: v.pipe(
      v.optional(v.boolean("validation.reports.good_faith_required"), false),
      v.check((value) => value === true, "validation.reports.good_faith_required"),
    ),
  },
  required,
);
export type FileReportInput = v.InferOutput<typeof fileReportSchema>;

/** GET /reports and GET /backoffice/reports: page=1…; nothing else. */
export const reportsQuerySchema = v.strictObject(
  {
    page: pageQueryParam,
  },
  "validation.invalid",
);

/** POST /backoffice/reports/{id}/decide. */
export const decideReportSchema = v.object(
  {
    outcome: v.picklist(REPORT_OUTCOMES, "validation.reports.outcome_required"),
    statement: v.pipe(
      v.string(required),
      v.trim(),
      v.nonEmpty(required),
      v.minLength(REPORT_LIMITS.statementMin, "validation.reports.statement_too_short"),
      v.maxLength(REPORT_LIMITS.statementMax, "validation.reports.statement_too_long"),
    ),
    /** DSA Art. 23(2), ADR 115: with no_action, the notice was manifestly unfounded (counts toward the notifier's misuse). */
    manifestly_unfounded: v.optional(v.boolean("validation.invalid")),
  },
  required,
);
export type DecideReportInput = v.InferOutput<typeof decideReportSchema>;

/** The reference the reporter quotes: R-000042. */
export function reportReference(id: number): string {
  return `R-${String(id).padStart(6, "0")}`;
}

/** The decision, as the reporter reads it. */
export interface ReportDecision {
  outcome: ReportOutcome;
  statement: string;
  decided_at: number;
}

/** One of the member's own reports (GET /reports, GET /reports/{id}). */
export interface OwnReport {
  id: number;
  reference: string;
  kind: ReportObjectKind;
  object_id: number | null;
  url: string | null;
  /** For a reported profile: its username while it exists (the list links it). */
  username: string | null;
  type: ReportType;
  text: string | null;
  state: ReportState;
  created_at: number;
  decision: ReportDecision | null;
  /**
   * The notifier's internal complaint (DSA Art. 20, ADR 113) against a decision taken without action: null until filed.
   * `appeal_until` is the last moment to file one (null while open or when action was taken: the affected member
   * appeals those).
   */
  appeal: OwnAppeal | null;
  appeal_until: number | null;
}

export interface OwnReportList {
  items: OwnReport[];
  page: number;
  page_size: number;
  total: number;
}

/** POST /reports answers 202 with the reference the confirmation mail repeats. */
export interface FiledReport {
  id: number;
  reference: string;
  state: ReportState;
  receipt: ReportReceipt;
}

/** POST /reports/confirm-email: the guest's address is confirmed; the receipt (and a decision already taken) is mailed. */
export interface ReportEmailConfirmed {
  reference: string;
  state: ReportState;
}

/**
 * Where a report's mails go, for the back office: the member's `account` address, a guest's `confirmed` or
 * `unconfirmed` one (an unconfirmed notifier is told nothing, not even the decision), or `none` (anonymous).
 */
export type ReporterMail = "account" | "confirmed" | "unconfirmed" | "none";

/** One open report in the back office queue (staff only). */
export interface QueuedReport {
  id: number;
  reference: string;
  kind: ReportObjectKind;
  object_id: number | null;
  url: string | null;
  type: ReportType;
  priority: number;
  text: string | null;
  created_at: number;
  /** Whether the object was checked to exist when filed (false for kinds without a table yet and for page). */
  object_checked: boolean;
  /** The reported account (profile, media owner), null when unknown. */
  target: { id: number; username: string; status: string } | null;
  /** Filed by a trusted flagger (DSA Art. 22, ADR 115): the organisation; such reports come first. */
  trusted_flagger: { organisation: string } | null;
  /** Who reported: a member's username, or a guest's name and e-mail (null for an anonymous underage report). */
  reporter: { username: string | null; name: string | null; email: string | null; guest: boolean; mail: ReporterMail };
}

export interface ReportQueue {
  items: QueuedReport[];
  page: number;
  page_size: number;
  total: number;
}
