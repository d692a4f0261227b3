/**
 * The append-only audit trail (issue 26 item 7, ADR 080): who, when, what, why, before and after. Written only by
 * recordAudit, in the transaction of the action it records, so an action and its row commit or roll back together.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

export interface AuditEntry {
  /** The staff member who acted (null: the platform itself, e.g. an automatic chargeback). */
  actorId: number | null;
  /** What was done, "<area>.<verb>": "order.refund", "bank.assign", "promo.update". */
  action: string;
  /** The object acted on: its kind and id ("order", 42). */
  subjectType: string;
  subjectId: string;
  /** Why (required for refunds and corrections). */
  reason: string | null;
  before: unknown;
  after: unknown;
}

/** One row of the trail as the back office reads it (before and after parsed back from JSON). */
export interface AuditRow {
  id: number;
  actorId: number | null;
  actorName: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry, now: number): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      reason: entry.reason,
      before_json: json(entry.before),
      after_json: json(entry.after),
      created_at: now,
    })
    .execute();
}

/** The trail of one object, newest first (the order page shows its refunds and corrections). */
export async function auditTrailOf(db: Kysely<Database>, subjectType: string, subjectId: string, limit = 50): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_id")
    .select([
      "audit_log.id",
      "audit_log.actor_id",
      "users.username",
      "audit_log.action",
      "audit_log.subject_type",
      "audit_log.subject_id",
      "audit_log.reason",
      "audit_log.before_json",
      "audit_log.after_json",
      "audit_log.created_at",
    ])
    .where("audit_log.subject_type", "=", subjectType)
    .where("audit_log.subject_id", "=", subjectId)
    .orderBy("audit_log.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actor_id,
    actorName: row.username ?? null,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    reason: row.reason,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
    createdAt: Number(row.created_at),
  }));
}
