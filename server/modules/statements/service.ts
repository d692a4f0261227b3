/**
 * Statements of reasons (DSA Art. 17, issue 30 item 4). `recordStatement` is the one way a decision writes its
 * statement: in the decision's own transaction, so the restriction and the member's statement commit together.
 */
import type { Transaction } from "kysely";
import type { StatementGround, StatementRestriction, StatementSource, StatementSubjectKind } from "../../contract/statements";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";

export interface StatementInput {
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
}

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
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // DSA Art. 23(1) (ADR 115): a finding of illegal content runs the member's misuse check after the commit.
  if (input.ground === "illegal")
    await enqueueJob(trx, { now: () => now }, "misuse.check_content", { user_id: input.userId }, { key: `misuse.content:${row.id}` });
  return row.id;
}
