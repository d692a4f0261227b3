/** The audit trail's table (migration 0067, issue 26 item 7, ADR 080). Times epoch ms. */
import type { Generated } from "kysely";

/**
 * One staff action on money, written once in the transaction that did it; triggers refuse UPDATE and DELETE on both
 * databases. `actor_id` is not a foreign key: a staff account erased later must not take its trail with it.
 */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string;
  reason: string | null;
  /** JSON of the state before and after (null: nothing before, as for a created promo code). */
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    audit_log: AuditLogTable;
  }
}
