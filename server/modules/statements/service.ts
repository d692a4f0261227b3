/**
 * Statements of reasons (DSA Art. 17, issue 30 item 4, ADR 110). `recordStatement` is the one way a decision writes
 * its statement: in the decision's own transaction, so the restriction, the member's statement, the job that tells
 * the member (notification and mail, in their language) and the job that submits it to the Transparency Database
 * commit together — or not at all.
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  appealUntil,
  STATEMENT_ERRORS,
  STATEMENT_PAGE_SIZE,
  statementReference,
  termsClauseOf,
  type StatementCategory,
  type StatementGround,
  type StatementLiftCause,
  type StatementKind,
  type StatementList,
  type StatementRestriction,
  type StatementSource,
  type StatementSubjectKind,
  type StatementView,
} from "../../contract/statements";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import type { StatementsTable } from "./schema";

export interface StatementInput {
  /** Which decision this is: the appeals module's reversal map has one way to undo each (ADR 113). */
  kind: StatementKind;
  userId: number;
  subjectKind: StatementSubjectKind;
  subjectId: number | string;
  restriction: StatementRestriction;
  ground: StatementGround;
  groundReference: string;
  facts: string;
  source: StatementSource;
  reportId?: number | null;
  automatedDetection?: boolean;
  automatedDecision?: boolean;
  endsAt?: number | null;
  /** The member's language (users.language) when the statement is written. */
  language: string;
  decidedBy: number | null;
  /**
   * The Transparency Database's category (STATEMENT_CATEGORY_…). Optional: a decision on a clause of our terms takes
   * the clause's (contract/statements TERMS_CLAUSES); a decision on illegal content should name it (ADR 110).
   */
  category?: StatementCategory | null;
  /** A content queue's refusal: what its own message used to name, now carried by the statement's one message. */
  notice?: StatementNotice;
}

/**
 * A content queue's refusal is told once (issue 30 follow-up): the statement's bell line names what was refused
 * (`item`, a bell.items key, with an event's or post's `title`) and why (`reason`, the queue's reason key), and its
 * mail links the place where a changed version is sent (`url`, after the language). It rides in the notify job's
 * payload: the statement row stays what Art. 17 asks, the facts already say the same in words.
 */
export interface StatementNotice {
  item: string;
  title?: string;
  reason?: string;
  url: string;
}

/** How often the Transparency Database submission is tried before the statement is marked `failed` (ADR 110). */
export const TDB_MAX_ATTEMPTS = 8;

export async function recordStatement(trx: Transaction<Database>, input: StatementInput, now: number): Promise<number> {
  const row = await trx
    .insertInto("statements")
    .values({
      user_id: input.userId,
      subject_kind: input.subjectKind,
      subject_id: String(input.subjectId),
      restriction: input.restriction,
      ground: input.ground,
      ground_reference: input.groundReference,
      facts: input.facts,
      source: input.source,
      report_id: input.reportId ?? null,
      automated_detection: input.automatedDetection ? 1 : 0,
      automated_decision: input.automatedDecision ? 1 : 0,
      ends_at: input.endsAt ?? null,
      language: input.language,
      decided_by: input.decidedBy,
      created_at: now,
      reversed_at: null,
      tdb_uuid: null,
      tdb_submitted_at: null,
      category: input.category ?? null,
      lifted_at: null,
      lift_cause: null,
      kind: input.kind,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The decision's time, not the wall clock: the jobs are due when the decision is (tests move the clock).
  const clock = { now: () => now };
  const notify = { statement_id: row.id, ...(input.notice ? { notice: input.notice } : {}) };
  await enqueueJob(trx, clock, "statement.notify", notify, { key: `statement.notify:${row.id}` });
  await enqueueJob(
    trx,
    clock,
    "statement.submit",
    { statement_id: row.id },
    { key: `statement.submit:${row.id}`, maxAttempts: TDB_MAX_ATTEMPTS },
  );
  // DSA Art. 23(1) (ADR 115): a finding of illegal content runs the member's misuse check after the commit.
  if (input.ground === "illegal")
    await enqueueJob(trx, { now: () => now }, "misuse.check_content", { user_id: input.userId }, { key: `misuse.content:${row.id}` });
  return row.id;
}

type StatementRow = Pick<
  StatementsTable,
  | "subject_kind"
  | "subject_id"
  | "restriction"
  | "ends_at"
  | "ground"
  | "ground_reference"
  | "facts"
  | "source"
  | "created_at"
  | "reversed_at"
  | "lifted_at"
  | "lift_cause"
> & { id: number; automated_detection: number; automated_decision: number };

const VIEW_COLUMNS = [
  "id",
  "subject_kind",
  "subject_id",
  "restriction",
  "ends_at",
  "ground",
  "ground_reference",
  "facts",
  "source",
  "automated_detection",
  "automated_decision",
  "created_at",
  "reversed_at",
  "lifted_at",
  "lift_cause",
] as const;

export function statementViewOf(row: StatementRow, now: number): StatementView {
  const createdAt = Number(row.created_at);
  const reversedAt = row.reversed_at === null ? null : Number(row.reversed_at);
  const until = appealUntil(createdAt);
  return {
    id: row.id,
    reference: statementReference(row.id),
    subject_kind: row.subject_kind as StatementSubjectKind,
    subject_id: row.subject_id,
    restriction: row.restriction,
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    ground: row.ground,
    ground_reference: row.ground_reference,
    terms_clause: row.ground === "terms" ? termsClauseOf(row.ground_reference) : null,
    facts: row.facts,
    source: row.source,
    automated_detection: Number(row.automated_detection) === 1,
    automated_decision: Number(row.automated_decision) === 1,
    created_at: createdAt,
    reversed_at: reversedAt,
    lifted_at: row.lifted_at === null ? null : Number(row.lifted_at),
    lift_cause: (row.lift_cause as StatementLiftCause | null) ?? null,
    appeal_until: until,
    appealable: reversedAt === null && now <= until,
  };
}

/** The member's statements, newest first. */
export async function statementList(deps: ApiDeps, userId: number, page: number): Promise<StatementList> {
  const [rows, count] = await Promise.all([
    deps.db
      .selectFrom("statements")
      .select(VIEW_COLUMNS)
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .limit(STATEMENT_PAGE_SIZE)
      .offset((page - 1) * STATEMENT_PAGE_SIZE)
      .execute(),
    deps.db
      .selectFrom("statements")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  const now = deps.clock.now();
  return { items: rows.map((row) => statementViewOf(row, now)), page, page_size: STATEMENT_PAGE_SIZE, total: Number(count.n) };
}

/** One statement, to its member only: another member's id answers 404 like an unknown one. */
export async function ownStatement(deps: ApiDeps, userId: number, id: number): Promise<StatementView> {
  const row = await deps.db
    .selectFrom("statements")
    .select(VIEW_COLUMNS)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw fail.notFound(STATEMENT_ERRORS.notFound);
  return statementViewOf(row, deps.clock.now());
}

/** The member's statements for their data export (GDPR Art. 15): what the statement page shows, without staff identities. */
export async function statementsForExport(db: DB, userId: number, now: number): Promise<StatementView[]> {
  const rows = await db.selectFrom("statements").select(VIEW_COLUMNS).where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((row) => statementViewOf(row, now));
}

/**
 * A restriction ends because its cause went away (ADR 123): the statement is marked — never changed otherwise or
 * deleted (Art. 17, 24(5)) — and the member is told by the `statement.lifted` job (bell and mail in the statement's
 * language), queued in the caller's transaction. A statement already reversed or lifted stays as it is. Answers
 * whether it was marked now.
 */
export async function liftStatement(
  trx: Transaction<Database>,
  statementId: number,
  cause: StatementLiftCause,
  now: number,
): Promise<boolean> {
  const marked = await trx
    .updateTable("statements")
    .set({ lifted_at: now, lift_cause: cause })
    .where("id", "=", statementId)
    .where("lifted_at", "is", null)
    .where("reversed_at", "is", null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return false;
  await enqueueJob(trx, { now: () => now }, "statement.lifted", { statement_id: statementId }, { key: `statement.lifted:${statementId}` });
  return true;
}
