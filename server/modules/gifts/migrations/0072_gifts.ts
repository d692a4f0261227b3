import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 4 (ADR 085), the gifts module's own migration (ADR 067).
 * - `gifts`: one row per gift of dollars, recorded before the ledger moves and keyed by the sender's idempotency key,
 *   so a retry finds it; the money itself is only in the ledger (GIFT, RESUME_GIFT operations).
 * - `gift_membership_choices`: whom the member chose to give plus to, read by the checkout's goods step (the order
 *   itself keeps the recipient in its sku).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("gifts")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
      .addColumn("sender_id", "integer", (col) => col.notNull())
      .addColumn("receiver_id", "integer", (col) => col.notNull())
      .addColumn("amount", "integer", (col) => col.notNull())
      .addColumn("message", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("operation_id", "integer")
      .addColumn("returned_at", "bigint")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("gifts_sender").on("gifts").columns(["sender_id", "id"]).execute();
    await db.schema.createIndex("gifts_receiver").on("gifts").columns(["receiver_id", "id"]).execute();

    await db.schema
      .createTable("gift_membership_choices")
      .addColumn("buyer_id", "integer", (col) => col.primaryKey())
      .addColumn("recipient_id", "integer", (col) => col.notNull())
      .addColumn("chosen_at", "bigint", (col) => col.notNull())
      .execute();
  };
}
