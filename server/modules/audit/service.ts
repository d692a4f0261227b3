/**
 * The append-only audit trail (issue 26 item 7, ADR 080): who, when, what, why, before and after. Written only by
 * recordAudit, in the transaction of the action it records, so an action and its row commit or roll back together.
 */
import type { Kysely, Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { AUDIT_PAGE_SIZE, auditRangeOf, type AuditChange, type AuditPage, type AuditQuery } from "../../contract/audit";
import type { Database } from "../../db/schema";
import { requireStaffPermission } from "../access/index";

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

/** The top-level keys whose values differ between two stored states (a non-object state counts as one key, "value"). */
export function changedKeys(beforeJson: string | null, afterJson: string | null): AuditChange[] {
  const parse = (text: string | null): Record<string, unknown> => {
    if (text === null) return {};
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  };
  const before = parse(beforeJson);
  const after = parse(afterJson);
  const text = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .map((key) => ({ key, before: text(before[key]), after: text(after[key]) }))
    .filter((change) => change.before !== change.after);
}

/** GET /backoffice/audit: the trail newest first, filtered, AUDIT_PAGE_SIZE rows a page below the `before` cursor. */
export async function auditTrail(deps: ApiDeps, staffId: number, query: AuditQuery): Promise<AuditPage> {
  await requireStaffPermission(deps, staffId, "audit.read");
  const range = auditRangeOf(query);
  let select = deps.db
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
    ]);
  if (query.actor) select = select.where("users.username_key", "=", query.actor.toLowerCase());
  // The pattern allows no LIKE wildcards (contract/audit), so the prefix is matched as typed.
  if (query.action) select = select.where("audit_log.action", "like", `${query.action}%`);
  if (query.subject_type) select = select.where("audit_log.subject_type", "=", query.subject_type);
  if (query.subject_id) select = select.where("audit_log.subject_id", "=", query.subject_id);
  if (range.from !== null) select = select.where("audit_log.created_at", ">=", range.from);
  if (range.until !== null) select = select.where("audit_log.created_at", "<", range.until);
  if (query.before) select = select.where("audit_log.id", "<", Number(query.before));
  const rows = await select
    .orderBy("audit_log.id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    items: page.map((row) => ({
      id: Number(row.id),
      actor_id: row.actor_id === null ? null : Number(row.actor_id),
      actor_name: row.username ?? null,
      action: row.action,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      reason: row.reason,
      before_json: row.before_json,
      after_json: row.after_json,
      changes: changedKeys(row.before_json, row.after_json),
      created_at: Number(row.created_at),
    })),
    next_before: rows.length > AUDIT_PAGE_SIZE ? Number(page[page.length - 1]!.id) : null,
  };
}
