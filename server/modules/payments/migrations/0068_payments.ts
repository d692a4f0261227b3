import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26, the payments module's own migration (ADR 067, 075): the flags settlement raises for the back office
 * (mismatched amounts, second payments, late successes, refunds beyond the order, charged-back accounts).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("payment_flags")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("user_id", "integer", (col) => col.notNull())
      .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id"))
      .addColumn("transaction_id", "integer", (col) => col.references("payment_transactions.id"))
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("detail", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("resolved_at", "bigint")
      .addColumn("resolved_by", "integer")
      .execute();
    // The back office's open list, and an account's flags (a chargeback flags the member).
    await db.schema.createIndex("payment_flags_open").on("payment_flags").columns(["resolved_at", "id"]).execute();
    await db.schema.createIndex("payment_flags_user").on("payment_flags").columns(["user_id", "id"]).execute();
  };
}
