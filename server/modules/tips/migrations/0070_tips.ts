import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27, the tips module's own migration (ADR 067, 082): one row per tip attempt. The money itself is in the
 * ledger (operation_id); this row is what the monthly limit counts and what a retry with the same key answers.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("tips")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
      .addColumn("payer_id", "integer", (col) => col.notNull())
      .addColumn("receiver_id", "integer", (col) => col.notNull())
      .addColumn("target_kind", "text", (col) => col.notNull())
      .addColumn("target_id", "integer", (col) => col.notNull())
      .addColumn("amount", "integer", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("operation_id", "integer")
      .addColumn("month", "text", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    // The monthly limit's sum: a payer's tips of one month.
    await db.schema.createIndex("tips_payer_month").on("tips").columns(["payer_id", "month"]).execute();
    await db.schema.createIndex("tips_receiver").on("tips").columns(["receiver_id", "id"]).execute();
  };
}
