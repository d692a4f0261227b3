/**
 * Internal complaints (DSA Art. 20, issue 30 item 4, ADR 113): the member a statement of reasons restricted, and the
 * notifier whose report was decided "no_action", may each complain once, within APPEAL_WINDOW_MONTHS of the decision,
 * with a text. A staff member other than the one who decided takes the complaint: uphold, or reverse (the restriction
 * is undone and the statement marked reversed; a notifier's report goes back to the queue). The appellant is told the
 * outcome with reasons in their language.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import type { ReportObjectKind, ReportOutcome, ReportType } from "./reports";
import { APPEAL_WINDOW_MONTHS, type StatementGround, type StatementRestriction, type StatementSubjectKind } from "./statements";

export { APPEAL_STATES, type AppealState, type OwnAppeal } from "./decisions";
import type { OwnAppeal } from "./decisions";

/** What the second staff member decides. */
export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const APPEAL_LIMITS = {
  /** The complaint: enough to say why the decision is wrong. */
  textMin: 20,
  textMax: 2000,
  /** The reasons of the complaint's decision, read by the appellant (Art. 20(5)). */
  reasonsMin: 20,
  reasonsMax: 2000,
  pageSize: 20,
} as const;

/** The refusals, each a clear key of the errors namespace. */
export const APPEAL_ERRORS = {
  /** A statement or report that is not the member's (or does not exist): its existence is not told. */
  notFound: "exception.appeals.not_found",
  /** More than APPEAL_WINDOW_MONTHS after the decision. */
  windowClosed: "exception.appeals.window_closed",
  /** One complaint per decision. */
  alreadyFiled: "exception.appeals.already_filed",
  /** A report still open, decided with action (the affected member appeals its statement), or a reversed statement. */
  notAppealable: "exception.appeals.not_appealable",
  /** Art. 20(6): the complaint is decided by someone other than who took the decision. */
  originalDecider: "exception.appeals.original_decider",
  decidedAlready: "exception.appeals.decided_already",
  /** ADR 123: a signed complaint link that is malformed, altered or another statement's (answered like an unknown one). */
  linkInvalid: "exception.appeals.link_invalid",
  /** ADR 123: a genuine link after the complaint window closed. */
  linkExpired: "exception.appeals.link_expired",
} as const;

const required = "validation.required";

/** POST /statements/{id}/appeal and POST /reports/{id}/appeal. */
export const fileAppealSchema = v.object(
  {
    text: v.pipe(
      v.string(required),
      v.trim(),
      v.nonEmpty("validation.appeals.text_required"),
      v.minLength(APPEAL_LIMITS.textMin, `validation.appeals.text_too_short?min=${APPEAL_LIMITS.textMin}`),
      v.maxLength(APPEAL_LIMITS.textMax, `validation.appeals.text_too_long?max=${APPEAL_LIMITS.textMax}`),
    ),
  },
  required,
);
export type FileAppealInput = v.InferOutput<typeof fileAppealSchema>;

/** POST /backoffice/appeals/{id}/decide. */
export const decideAppealSchema = v.object(
  {
    outcome: v.picklist(APPEAL_OUTCOMES, "validation.appeals.outcome_required"),
    reasons: v.pipe(
      v.string(required),
      v.trim(),
      v.nonEmpty("validation.appeals.reasons_required"),
      v.minLength(APPEAL_LIMITS.reasonsMin, `validation.appeals.reasons_too_short?min=${APPEAL_LIMITS.reasonsMin}`),
      v.maxLength(APPEAL_LIMITS.reasonsMax, `validation.appeals.reasons_too_long?max=${APPEAL_LIMITS.reasonsMax}`),
    ),
  },
  required,
);
export type DecideAppealInput = v.InferOutput<typeof decideAppealSchema>;

export const appealQueueQuerySchema = v.strictObject({ page: pageQueryParam }, "validation.invalid");

/** The reference a member quotes: A-000042. */
export function appealReference(id: number): string {
  return `A-${String(id).padStart(6, "0")}`;
}

/** GET /statements/{id}/appeal: the short summary of the statement the appeal page shows, and the appeal if filed. */
export interface StatementAppealView {
  statement: {
    id: number;
    reference: string;
    subject_kind: StatementSubjectKind;
    restriction: StatementRestriction;
    ground: StatementGround;
    ground_reference: string;
    facts: string;
    created_at: number;
    ends_at: number | null;
    reversed_at: number | null;
  };
  /** Until when a complaint may be filed (the decision + APPEAL_WINDOW_MONTHS). */
  appeal_until: number;
  /** Whether a complaint can be filed now (none yet, inside the window, not reversed). */
  may_appeal: boolean;
  appeal: OwnAppeal | null;
}

/** One open complaint in the back office queue, with the decision it contests. */
export interface QueuedAppeal {
  id: number;
  reference: string;
  created_at: number;
  text: string;
  appellant: { id: number; username: string; role: "affected" | "notifier" };
  /** The contested decision: who took it, when, what it said. */
  decision: {
    kind: ReportObjectKind | StatementSubjectKind;
    object_id: string | null;
    outcome: ReportOutcome | StatementRestriction;
    statement_reference: string | null;
    report_reference: string | null;
    report_type: ReportType | null;
    facts: string;
    decided_at: number;
    decided_by: { id: number; username: string } | null;
  };
  /** Whether the signed-in staff member may decide it (they did not take the contested decision). */
  may_decide: boolean;
}

export interface AppealQueue {
  items: QueuedAppeal[];
  page: number;
  page_size: number;
  total: number;
}

export interface AppealsBodies {
  OwnAppeal: OwnAppeal;
  StatementAppealView: StatementAppealView;
  AppealQueue: AppealQueue;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends AppealsBodies {}
}

/**
 * The last moment of the complaint window: the decision's time plus APPEAL_WINDOW_MONTHS calendar months (UTC; a
 * decision on 31 August may be contested until the end of February's last day at that hour).
 */
export function appealDeadline(decidedAt: number): number {
  const date = new Date(decidedAt);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + APPEAL_WINDOW_MONTHS);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** The web pages (after the language) where a complaint is filed: a statement's, and a notifier's report's. */
export const statementAppealPath = (statementId: number) => `user/statements/${statementId}/appeal`;
export const reportAppealPath = (reportId: number) => `user/reports/${reportId}/appeal`;
/** The signed complaint page of a member who cannot sign in (ADR 123): the token is the only key. */
export const appealLinkPath = (token: string) => `appeal/${token}`;
/** The member's own reports (the notifier's decisions, their complaint links). */
export const OWN_REPORTS_PATH = "user/reports";
