/**
 * The escorts' shared warning list (issue 30 item 6, ADR 121): a client several verified escorts reported for
 * violence or non-payment, confirmed by the team, is flagged to escorts only. The list stores a keyed hash of the
 * client's account id, never the id; the reporters are never shown; the client is told and may object.
 */
import * as v from "valibot";
import type { ReportType } from "./reports";

/** The report types that count toward a flag. */
export const WARNING_REPORT_TYPES: readonly ReportType[] = ["violence", "non_payment"];
/** Distinct verified escorts whose reports are needed before the team is asked (ADR 121). */
export const WARNING_MIN_REPORTERS = 3;
/** A flag stops showing this many days after the newest counting report (12 months). */
export const WARNING_EXPIRY_DAYS = 365;
export const WARNING_OBJECTION_LIMITS = { min: 20, max: 2000 } as const;
/** The staff member's reason for a decision (audit trail; optional: confirming needs no more than the reports). */
export const WARNING_DECISION_REASON_MAX = 500;

const decisionReason = v.optional(
  v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(WARNING_DECISION_REASON_MAX, "validation.editors.too_long")),
  "",
);

export const WARNING_FLAG_STATES = ["confirmed", "rejected", "lifted", "expired"] as const;
export type WarningFlagState = (typeof WARNING_FLAG_STATES)[number];

/** POST /backoffice/warnings/{userId}: the team confirms the flag (it shows to escorts) or rejects it. */
export const warningDecisionSchema = v.object(
  { outcome: v.picklist(["confirm", "reject"] as const, "validation.warnings.decision_required"), reason: decisionReason },
  "validation.required",
);
/** POST /backoffice/warning-objections/{id}: backend staff lift the flag or keep it. */
export const objectionDecisionSchema = v.object(
  { outcome: v.picklist(["lift", "keep"] as const, "validation.warnings.decision_required"), reason: decisionReason },
  "validation.required",
);
/** POST /warnings/me/objection: the flagged member's objection (GDPR Art. 21). */
export const warningObjectionSchema = v.object(
  {
    text: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.minLength(WARNING_OBJECTION_LIMITS.min, "validation.warnings.objection_short"),
      v.maxLength(WARNING_OBJECTION_LIMITS.max, "validation.editors.too_long"),
    ),
  },
  "validation.required",
);

export interface WarningCandidate {
  user_id: number;
  username: string;
  /** Distinct verified escorts who reported within the expiry window. */
  reporters: number;
  reports: Array<{ id: number; type: string; created_at: number }>;
  last_report_at: number;
}

/** GET /backoffice/warnings: clients waiting for the team's decision, oldest newest-report first. */
export interface WarningQueue {
  items: WarningCandidate[];
}

export interface WarningDecisionAnswer {
  state: WarningFlagState;
}

/** GET /warnings/members/{userId}: whether to show the discreet warning. False for every viewer but escorts. */
export interface WarningVisibility {
  warned: boolean;
}

/** GET /warnings/me: what the member may know about their own entry (GDPR Art. 15). */
export interface OwnWarning {
  flagged: boolean;
  /** What the counting reports were about (report types, WARNING_REPORT_TYPES), never who filed them; empty unless flagged. */
  categories: ReportType[];
  since: number | null;
  expires_at: number | null;
  objection: { state: "open" | "lifted" | "kept"; created_at: number } | null;
}

export interface WarningObjectionItem {
  id: number;
  user_id: number;
  username: string;
  text: string;
  created_at: number;
}

/** GET /backoffice/warning-objections: open objections, oldest first. */
export interface WarningObjectionQueue {
  items: WarningObjectionItem[];
}

export interface WarningsBodies {
  WarningQueue: WarningQueue;
  WarningDecisionAnswer: WarningDecisionAnswer;
  WarningVisibility: WarningVisibility;
  OwnWarning: OwnWarning;
  WarningObjectionQueue: WarningObjectionQueue;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends WarningsBodies {}
}
