/**
 * The append-only audit trail (issue 26 item 7): every money action of staff — refunds, grants, corrections, payout
 * approvals, bank assignments — writes who, when, what, why, and the state before and after, in the transaction
 * that does it. Nothing updates or deletes a row. The trust and safety issue adds its viewer.
 *
 * SKELETON (lead, session 16): the back-office helper implements it (migration 0067 in ./migrations).
 */
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "audit" });

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

export async function recordAudit(_trx: Transaction<Database>, _entry: AuditEntry, _now: number): Promise<void> {
  throw new Error("audit: recordAudit is not built yet");
}
