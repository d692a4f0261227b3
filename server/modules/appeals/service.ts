/**
 * Internal complaints (DSA Art. 20, issue 30 item 4, ADR 113). The affected member complains about a statement of
 * reasons, a notifier about their report decided without action; once per decision, within APPEAL_WINDOW_MONTHS. A
 * staff member other than the original decider upholds or reverses it; a reversal undoes what the decision did, in the
 * same transaction as the appeal's decision, its audit row and the statement's reversed_at.
 */
import type { Selectable, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  APPEAL_ERRORS,
  APPEAL_LIMITS,
  appealDeadline,
  appealReference,
  reportAppealPath,
  statementAppealPath,
  type AppealQueue,
  type AppealState,
  type DecideAppealInput,
  type FileAppealInput,
  type OwnAppeal,
  type QueuedAppeal,
  type StatementAppealView,
} from "../../contract/appeals";
import { reportReference, type ReportObjectKind, type ReportOutcome, type ReportType } from "../../contract/reports";
import { statementReference, type StatementRestriction, type StatementSubjectKind } from "../../contract/statements";
import type { Database } from "../../db/schema";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { notify, publishNotificationHints } from "../notifications/index";
import { checkAppealLinkToken, statementIdOfToken } from "../statements/index";
import { appealDecidedMail } from "./mails";
import { reverseDecision, type ReversalOutcome, type ReversedStatement } from "./reversals";
import type { AppealsTable } from "./schema";

type AppealRow = Selectable<AppealsTable>;

function ownAppealOf(row: AppealRow): OwnAppeal {
  return {
    id: row.id,
    reference: appealReference(row.id),
    state: row.state,
    text: row.text,
    created_at: Number(row.created_at),
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
    reasons: row.reasons,
  };
}

/** The member's own statement, or 404 (another member's id answers like an unknown one). */
async function ownStatement(db: ApiDeps["db"] | Transaction<Database>, userId: number, statementId: number) {
  const row = await db.selectFrom("statements").selectAll().where("id", "=", statementId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw fail.notFound(APPEAL_ERRORS.notFound);
  return row;
}

/** GET /statements/{id}/appeal: the statement's summary for the appeal page, the window and the complaint if filed. */
export async function statementAppealView(deps: ApiDeps, userId: number, statementId: number): Promise<StatementAppealView> {
  const statement = await ownStatement(deps.db, userId, statementId);
  const appeal = await deps.db.selectFrom("appeals").selectAll().where("statement_id", "=", statementId).executeTakeFirst();
  const until = appealDeadline(Number(statement.created_at));
  return {
    statement: {
      id: statement.id,
      reference: statementReference(statement.id),
      subject_kind: statement.subject_kind as StatementSubjectKind,
      restriction: statement.restriction,
      ground: statement.ground,
      ground_reference: statement.ground_reference,
      facts: statement.facts,
      created_at: Number(statement.created_at),
      ends_at: statement.ends_at === null ? null : Number(statement.ends_at),
      reversed_at: statement.reversed_at === null ? null : Number(statement.reversed_at),
    },
    appeal_until: until,
    may_appeal: !appeal && statement.reversed_at === null && deps.clock.now() <= until,
    appeal: appeal ? ownAppealOf(appeal) : null,
  };
}

/** Inserts the complaint; the unique key on what is appealed makes a second one (even in parallel) a 409. */
async function insertAppeal(
  deps: ApiDeps,
  values: { userId: number; statementId: number | null; reportId: number | null; text: string },
): Promise<OwnAppeal> {
  const user = await deps.db.selectFrom("users").select("language").where("id", "=", values.userId).executeTakeFirstOrThrow();
  try {
    const row = await deps.db
      .insertInto("appeals")
      .values({
        user_id: values.userId,
        statement_id: values.statementId,
        report_id: values.reportId,
        text: values.text,
        language: user.language,
        created_at: deps.clock.now(),
        decided_by: null,
        decided_at: null,
        reasons: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return ownAppealOf(row);
  } catch (error) {
    const existing = await deps.db
      .selectFrom("appeals")
      .select("id")
      .where(values.statementId !== null ? "statement_id" : "report_id", "=", (values.statementId ?? values.reportId)!)
      .executeTakeFirst();
    if (existing) throw fail.conflict(APPEAL_ERRORS.alreadyFiled);
    throw error;
  }
}

async function assertNotFiled(deps: ApiDeps, column: "statement_id" | "report_id", id: number): Promise<void> {
  const existing = await deps.db.selectFrom("appeals").select("id").where(column, "=", id).executeTakeFirst();
  if (existing) throw fail.conflict(APPEAL_ERRORS.alreadyFiled);
}

/** POST /statements/{id}/appeal: the affected member complains about a statement (once, inside the window). */
export async function fileStatementAppeal(deps: ApiDeps, userId: number, statementId: number, input: FileAppealInput): Promise<OwnAppeal> {
  const statement = await ownStatement(deps.db, userId, statementId);
  await assertNotFiled(deps, "statement_id", statementId);
  if (statement.reversed_at !== null) throw fail.conflict(APPEAL_ERRORS.notAppealable);
  if (deps.clock.now() > appealDeadline(Number(statement.created_at))) throw fail.badRequest(APPEAL_ERRORS.windowClosed);
  return insertAppeal(deps, { userId, statementId, reportId: null, text: input.text });
}

/**
 * The statement and member a signed complaint link names (ADR 123), for a member who cannot sign in. A malformed,
 * altered or foreign token is 404 like an unknown statement; a genuine one after the window is 410. A deleted account
 * has no complaint left to file (404).
 */
async function statementOfLink(deps: ApiDeps, token: string): Promise<{ userId: number; statementId: number }> {
  const id = statementIdOfToken(token);
  const statement =
    id === null
      ? undefined
      : await deps.db
          .selectFrom("statements")
          .innerJoin("users", "users.id", "statements.user_id")
          .select(["statements.id", "statements.user_id", "users.status"])
          .where("statements.id", "=", id)
          .executeTakeFirst();
  const verdict = statement ? checkAppealLinkToken(deps.config.appSecret, token, statement, deps.clock.now()) : "forged";
  if (!statement || verdict === "forged" || statement.status === "deleted") throw fail.notFound(APPEAL_ERRORS.linkInvalid);
  if (verdict === "expired") throw new ApiError(410, [errorItem(410, APPEAL_ERRORS.linkExpired)]);
  return { userId: statement.user_id, statementId: statement.id };
}

/** GET /appeal-links/{token}: the appeal page's view through a signed link (no session). */
export async function statementAppealViewByLink(deps: ApiDeps, token: string): Promise<StatementAppealView> {
  const { userId, statementId } = await statementOfLink(deps, token);
  return statementAppealView(deps, userId, statementId);
}

/** POST /appeal-links/{token}: the complaint through a signed link — the same rules as signed in (once, in the window). */
export async function fileStatementAppealByLink(deps: ApiDeps, token: string, input: FileAppealInput): Promise<OwnAppeal> {
  const { userId, statementId } = await statementOfLink(deps, token);
  return fileStatementAppeal(deps, userId, statementId, input);
}

/**
 * POST /reports/{id}/appeal: the notifier complains about their report decided "no_action" (Art. 20(1) names the
 * notifier too). A decision with action is the affected member's to contest; an open report has nothing to contest.
 */
export async function fileReportAppeal(deps: ApiDeps, userId: number, reportId: number, input: FileAppealInput): Promise<OwnAppeal> {
  const report = await deps.db
    .selectFrom("reports")
    .select(["id", "state", "outcome", "decided_at"])
    .where("id", "=", reportId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!report) throw fail.notFound(APPEAL_ERRORS.notFound);
  await assertNotFiled(deps, "report_id", reportId);
  if (report.state !== "decided" || report.outcome !== "no_action" || report.decided_at === null)
    throw fail.conflict(APPEAL_ERRORS.notAppealable);
  if (deps.clock.now() > appealDeadline(Number(report.decided_at))) throw fail.badRequest(APPEAL_ERRORS.windowClosed);
  return insertAppeal(deps, { userId, statementId: null, reportId, text: input.text });
}

/** The contested decision of an appeal: read from its statement (and the statement's report) or its report. */
async function contestedDecision(db: ApiDeps["db"] | Transaction<Database>, appeal: AppealRow) {
  if (appeal.statement_id !== null) {
    const statement = await db.selectFrom("statements").selectAll().where("id", "=", appeal.statement_id).executeTakeFirstOrThrow();
    const report =
      statement.report_id === null
        ? undefined
        : await db.selectFrom("reports").select(["id", "type"]).where("id", "=", statement.report_id).executeTakeFirst();
    return {
      kind: statement.subject_kind as StatementSubjectKind,
      objectId: statement.subject_id,
      outcome: statement.restriction as StatementRestriction | ReportOutcome,
      statement,
      reportId: report?.id ?? null,
      reportType: (report?.type as ReportType | undefined) ?? null,
      facts: statement.facts,
      decidedAt: Number(statement.created_at),
      decidedBy: statement.decided_by,
    };
  }
  const report = await db.selectFrom("reports").selectAll().where("id", "=", appeal.report_id!).executeTakeFirstOrThrow();
  return {
    kind: report.object_kind as ReportObjectKind,
    objectId: report.object_id === null ? report.url : String(report.object_id),
    outcome: (report.outcome ?? "no_action") as ReportOutcome,
    statement: undefined,
    reportId: report.id,
    reportType: report.type as ReportType,
    facts: report.statement ?? "",
    decidedAt: Number(report.decided_at ?? 0),
    decidedBy: report.decided_by,
  };
}

/** GET /backoffice/appeals: open complaints, oldest first, each with the decision it contests and who took it. */
export async function appealQueue(deps: ApiDeps, staffId: number, page: number): Promise<AppealQueue> {
  await requireStaffPermission(deps, staffId, "appeals.decide");
  const size = APPEAL_LIMITS.pageSize;
  const [count, rows] = await Promise.all([
    deps.db
      .selectFrom("appeals")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("state", "=", "open")
      .executeTakeFirst(),
    deps.db
      .selectFrom("appeals")
      .innerJoin("users", "users.id", "appeals.user_id")
      .selectAll("appeals")
      .select("users.username")
      .where("appeals.state", "=", "open")
      .orderBy("appeals.created_at")
      .orderBy("appeals.id")
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  const items: QueuedAppeal[] = [];
  for (const row of rows) {
    const decision = await contestedDecision(deps.db, row);
    const decider =
      decision.decidedBy === null
        ? undefined
        : await deps.db.selectFrom("users").select(["id", "username"]).where("id", "=", decision.decidedBy).executeTakeFirst();
    items.push({
      id: row.id,
      reference: appealReference(row.id),
      created_at: Number(row.created_at),
      text: row.text,
      appellant: { id: row.user_id, username: row.username, role: row.statement_id !== null ? "affected" : "notifier" },
      decision: {
        kind: decision.kind,
        object_id: decision.objectId,
        outcome: decision.outcome,
        statement_reference: decision.statement ? statementReference(decision.statement.id) : null,
        report_reference: decision.reportId === null ? null : reportReference(decision.reportId),
        report_type: decision.reportType,
        facts: decision.facts,
        decided_at: decision.decidedAt,
        decided_by: decider ? { id: decider.id, username: decider.username } : null,
      },
      may_decide: decision.decidedBy !== staffId,
    });
  }
  return { items, page, page_size: size, total: Number(count?.n ?? 0) };
}

/**
 * Marks the statement reversed and undoes what its decision did (reversals.ts, one way per decision kind). A statement
 * reversed already (the team's unban or unpause came first) is left as it is: undoing twice must not, say, end a
 * newer pause. Answers what was undone, for the audit row.
 */
async function reverseStatement(
  deps: ApiDeps,
  trx: Transaction<Database>,
  statement: ReversedStatement,
  staff: { id: number; reason: string },
  now: number,
): Promise<ReversalOutcome> {
  const marked = await trx
    .updateTable("statements")
    .set({ reversed_at: now })
    .where("id", "=", statement.id)
    .where("reversed_at", "is", null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return { undone: "reversed_before" };
  return reverseDecision({ deps, trx, statement, staffId: staff.id, reason: staff.reason, now });
}

/**
 * POST /backoffice/appeals/{id}/decide: uphold or reverse, with reasons (Art. 20(4)–(6)). The staff member who took
 * the contested decision may not (403 exception.appeals.original_decider). A reversed statement is undone; a notifier's
 * reversed complaint sends the report back to the queue, to be decided again. The appellant is told in the bell and
 * by mail, in their language, with the reasons.
 */
export async function decideAppeal(deps: ApiDeps, staffId: number, appealId: number, input: DecideAppealInput): Promise<OwnAppeal> {
  await requireStaffPermission(deps, staffId, "appeals.decide");
  const now = deps.clock.now();
  const decided = await deps.db.transaction().execute(async (trx) => {
    const appeal = await trx.selectFrom("appeals").selectAll().where("id", "=", appealId).executeTakeFirst();
    if (!appeal) throw fail.notFound(APPEAL_ERRORS.notFound);
    const decision = await contestedDecision(trx, appeal);
    if (decision.decidedBy === staffId) throw fail.forbidden(APPEAL_ERRORS.originalDecider);
    const state: AppealState = input.outcome;
    const updated = await trx
      .updateTable("appeals")
      .set({ state, decided_by: staffId, decided_at: now, reasons: input.reasons })
      .where("id", "=", appealId)
      .where("state", "=", "open")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(APPEAL_ERRORS.decidedAlready);
    let reversal: ReversalOutcome | null = null;
    if (state === "reversed") {
      if (decision.statement) reversal = await reverseStatement(deps, trx, decision.statement, { id: staffId, reason: input.reasons }, now);
      else
        await trx
          .updateTable("reports")
          .set({ state: "open", outcome: null, statement: null, decided_by: null, decided_at: null })
          .where("id", "=", appeal.report_id!)
          .execute();
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "appeal.decide",
        subjectType: "appeal",
        subjectId: String(appealId),
        reason: input.reasons,
        before: { state: "open", contested: decision.statement ? `statement:${decision.statement.id}` : `report:${appeal.report_id}` },
        after: { state, reversed: state === "reversed", ...(reversal ? { reversal } : {}) },
      },
      now,
    );
    const path = decision.statement ? statementAppealPath(decision.statement.id) : reportAppealPath(appeal.report_id!);
    const hints = await notify(deps, trx, {
      userId: appeal.user_id,
      event: "appeal_decided",
      subject: { type: "appeal", id: appealId },
      params: { reference: appealReference(appealId) },
      url: path,
    });
    const appellant = await trx
      .selectFrom("users")
      .select(["email", "language", "status"])
      .where("id", "=", appeal.user_id)
      .executeTakeFirstOrThrow();
    return { appeal: { ...appeal, state, decided_by: staffId, decided_at: now, reasons: input.reasons }, hints, appellant, path };
  });
  await publishNotificationHints(deps, decided.hints);
  const { appellant } = decided;
  // A banned member whose ban stands still reads the outcome: the mail goes to every account not deleted.
  if (appellant.status !== "deleted")
    await deps.mailer.send(
      appealDecidedMail({
        to: appellant.email,
        language: appellant.language,
        reference: appealReference(appealId),
        outcome: input.outcome,
        reasons: input.reasons,
        link: `${deps.config.publicUrl}/${appellant.language}/${decided.path}`,
      }),
    );
  return ownAppealOf(decided.appeal);
}
