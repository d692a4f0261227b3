/**
 * The Transparency Database submission (DSA Art. 24(5), ADR 110): the `statement.submit` job, queued by
 * recordStatement, maps one statement to the database's vocabulary and posts it. Without TDB_URL it does nothing
 * and the statement stays `pending` (submitted once configured: `resubmitPending`). A 5xx, a timeout or a network
 * error throws, and the job table retries with backoff (30 s, 1 min, 2 min …); the last failed try marks the
 * statement `failed`. The puid is our statement's id, so a retry after a lost answer finds the entry (422 with the
 * existing uuid) instead of creating a second one. The body carries no personal data: no names, no free text of the
 * team — the facts are built from the decision's fields (Art. 24(5) "shall not contain personal data").
 */
import { EU_COUNTRY_CODES } from "../../contract/checkout";
import type { ApiDeps } from "../../api/types";
import {
  TERMS_CLAUSES,
  termsClauseOf,
  type StatementRestriction,
  type StatementSource,
  type StatementSubjectKind,
} from "../../contract/statements";
import type { DB } from "../../db/index";
import { httpTransparencyDb } from "../../integrations/transparency-db/http";
import type { TdbStatement, TransparencyDbClient } from "../../integrations/transparency-db/port";
import type { JobContext } from "../../jobs/queue";
import { enqueueJob } from "../../jobs/queue";
import { TDB_MAX_ATTEMPTS } from "./service";
import type { StatementsTable } from "./schema";

/** The European Economic Area — the EU and Iceland, Liechtenstein, Norway: where our decisions apply (the database's territorial_scope). */
const EEA = [...EU_COUNTRY_CODES, "IS", "LI", "NO"].sort();

const SOURCE_TYPES: Record<StatementSource, TdbStatement["source_type"]> = {
  notice: "SOURCE_ARTICLE_16",
  trusted_flagger: "SOURCE_TRUSTED_FLAGGER",
  own_initiative: "SOURCE_VOLUNTARY",
};

const CONTENT_TYPES: Record<StatementSubjectKind, string> = {
  media: "CONTENT_TYPE_IMAGE",
  bundle: "CONTENT_TYPE_IMAGE",
  live: "CONTENT_TYPE_VIDEO",
  recording: "CONTENT_TYPE_VIDEO",
  profile: "CONTENT_TYPE_TEXT",
  profile_text: "CONTENT_TYPE_TEXT",
  message: "CONTENT_TYPE_TEXT",
  blog: "CONTENT_TYPE_TEXT",
  comment: "CONTENT_TYPE_TEXT",
  event: "CONTENT_TYPE_TEXT",
  review: "CONTENT_TYPE_TEXT",
  event_review: "CONTENT_TYPE_TEXT",
  date: "CONTENT_TYPE_OTHER",
  page: "CONTENT_TYPE_OTHER",
  account: "CONTENT_TYPE_OTHER",
  payout: "CONTENT_TYPE_OTHER",
  promotion: "CONTENT_TYPE_OTHER",
};

/** The decision in the database's four decision fields (one of them per statement), with its end date. */
function decisionFields(restriction: StatementRestriction, endDate: string | undefined): Partial<TdbStatement> {
  switch (restriction) {
    case "content_removed":
      return {
        decision_visibility: ["DECISION_VISIBILITY_CONTENT_REMOVED"],
        ...(endDate ? { end_date_visibility_restriction: endDate } : {}),
      };
    case "content_disabled":
      return {
        decision_visibility: ["DECISION_VISIBILITY_CONTENT_DISABLED"],
        ...(endDate ? { end_date_visibility_restriction: endDate } : {}),
      };
    case "content_demoted":
      return {
        decision_visibility: ["DECISION_VISIBILITY_CONTENT_DEMOTED"],
        ...(endDate ? { end_date_visibility_restriction: endDate } : {}),
      };
    case "service_restricted":
      return { decision_provision: "DECISION_PROVISION_PARTIAL_SUSPENSION", ...(endDate ? { end_date_service_restriction: endDate } : {}) };
    case "account_suspended":
      return { decision_account: "DECISION_ACCOUNT_SUSPENDED", ...(endDate ? { end_date_account_restriction: endDate } : {}) };
    case "account_terminated":
      return { decision_account: "DECISION_ACCOUNT_TERMINATED" };
    case "monetary_suspended":
      return { decision_monetary: "DECISION_MONETARY_SUSPENSION", ...(endDate ? { end_date_monetary_restriction: endDate } : {}) };
  }
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type SubmittedRow = Pick<
  StatementsTable,
  "subject_kind" | "restriction" | "ground" | "ground_reference" | "source" | "category" | "ends_at" | "created_at"
> & { id: number; automated_detection: number; automated_decision: number };

/** One statement in the database's vocabulary (ADR 110 lists the fields and our assumptions). */
export function tdbStatementOf(row: SubmittedRow): TdbStatement {
  const kind = row.subject_kind as StatementSubjectKind;
  const clause = termsClauseOf(row.ground_reference);
  const category = row.category ?? (clause ? TERMS_CLAUSES[clause].category : "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE");
  const contentType = CONTENT_TYPES[kind] ?? "CONTENT_TYPE_OTHER";
  const applied = isoDate(Number(row.created_at));
  const automatedDecision = Number(row.automated_decision) === 1;
  const ground: Partial<TdbStatement> =
    row.ground === "illegal"
      ? {
          decision_ground: "DECISION_GROUND_ILLEGAL_CONTENT",
          illegal_content_legal_ground: row.ground_reference,
          illegal_content_explanation: `The content was found to be illegal under ${row.ground_reference}.`,
        }
      : {
          decision_ground: "DECISION_GROUND_INCOMPATIBLE_CONTENT",
          incompatible_content_ground: clause ? `Terms of use: ${clause.replace(/_/g, " ")}` : row.ground_reference,
          incompatible_content_explanation: "The content is incompatible with the clause of our terms of use named as the ground.",
        };
  return {
    puid: String(row.id),
    ...decisionFields(row.restriction, row.ends_at === null ? undefined : isoDate(Number(row.ends_at))),
    ...ground,
    decision_ground: ground.decision_ground!,
    category,
    content_type: [contentType],
    ...(contentType === "CONTENT_TYPE_OTHER" ? { content_type_other: kind } : {}),
    // We do not keep a copy's creation date with every statement; the decision's date is the closest we know (ADR 110).
    content_date: applied,
    application_date: applied,
    decision_facts: `Decision on a ${kind.replace(/_/g, " ")} (${row.restriction.replace(/_/g, " ")}) after review by ${automatedDecision ? "automated means" : "a person"}.`,
    source_type: SOURCE_TYPES[row.source],
    automated_detection: Number(row.automated_detection) === 1 ? "Yes" : "No",
    automated_decision: automatedDecision ? "AUTOMATED_DECISION_FULLY" : "AUTOMATED_DECISION_NOT_AUTOMATED",
    territorial_scope: EEA,
  } as TdbStatement;
}

/** The configured client, or null when submissions are off (no TDB_URL). */
export function transparencyDbClientOf(deps: ApiDeps): TransparencyDbClient | null {
  const config = deps.config.transparencyDb;
  if (!config.url || !config.token) return null;
  return httpTransparencyDb({ url: config.url, token: config.token, timeoutMs: config.timeoutMs });
}

export async function submitStatement(deps: ApiDeps, statementId: number, context: JobContext): Promise<void> {
  const client = transparencyDbClientOf(deps);
  // Off: the statement stays pending, which is not a failure; resubmitPending sends it once configured.
  if (!client) return;
  const row = await deps.db
    .selectFrom("statements")
    .select([
      "id",
      "subject_kind",
      "restriction",
      "ground",
      "ground_reference",
      "source",
      "category",
      "ends_at",
      "created_at",
      "automated_detection",
      "automated_decision",
      "tdb_state",
    ])
    .where("id", "=", statementId)
    .executeTakeFirst();
  if (!row || row.tdb_state === "submitted") return;
  let outcome;
  try {
    outcome = await client.submit(tdbStatementOf(row));
  } catch (error) {
    if (context.attempt < context.maxAttempts) throw error;
    deps.log.warn({ statement_id: statementId, attempts: context.attempt, error: (error as Error).message }, "statement.tdb_failed");
    await markFailed(deps.db, statementId);
    return;
  }
  if (outcome.kind === "refused") {
    // The same body would be refused again: no retries, the team sees it among the failed submissions.
    deps.log.warn({ statement_id: statementId, detail: outcome.detail }, "statement.tdb_refused");
    await markFailed(deps.db, statementId);
    return;
  }
  await deps.db
    .updateTable("statements")
    .set({ tdb_state: "submitted", tdb_uuid: outcome.uuid, tdb_submitted_at: deps.clock.now() })
    .where("id", "=", statementId)
    .execute();
}

async function markFailed(db: DB, statementId: number): Promise<void> {
  await db
    .updateTable("statements")
    .set({ tdb_state: "failed" })
    .where("id", "=", statementId)
    .where("tdb_state", "!=", "submitted")
    .execute();
}

/** How many statements the database did not take (for the back office's transparency page; ADR 110). */
export async function failedSubmissionCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom("statements")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tdb_state", "=", "failed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Queues the submission of every statement not yet submitted (pending: written while TDB_URL was off; failed: given
 * up on) again, at most `limit`: for the operator once the database is configured or reachable again.
 */
export async function resubmitStatements(deps: ApiDeps, limit = 1000): Promise<number> {
  const rows = await deps.db
    .selectFrom("statements")
    .select("id")
    .where("tdb_state", "in", ["pending", "failed"])
    .orderBy("id")
    .limit(limit)
    .execute();
  let queued = 0;
  for (const row of rows) {
    if (
      await enqueueJob(
        deps.db,
        deps.clock,
        "statement.submit",
        { statement_id: row.id },
        { key: `statement.submit:${row.id}`, maxAttempts: TDB_MAX_ATTEMPTS },
      )
    )
      queued += 1;
  }
  return queued;
}
