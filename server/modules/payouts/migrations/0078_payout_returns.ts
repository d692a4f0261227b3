import type { Kysely } from "kysely";

/**
 * Issue 27 item 5 (ADR 091): which statement line brought a payout back. The payout is the key, so a payout is
 * returned once however many statements report it; the line is unique too, so one line never books two payouts.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("payout_returns")
      .addColumn("payout_id", "integer", (col) => col.primaryKey().references("payouts.id"))
      .addColumn("bank_line_id", "integer", (col) => col.notNull().unique().references("bank_lines.id"))
      .addColumn("amount_cents", "bigint", (col) => col.notNull())
      .addColumn("return_reason", "text")
      .addColumn("booked_at", "bigint", (col) => col.notNull())
      .execute();
  };
}
