import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 3 (ADR 083): what a paid unlock or boost bought, beside the ledger operation that paid for it. One
 * migration for the messenger's boosts and the reviews' unlocks (both part C's); each table's types join `Database`
 * from its module's schema.ts. A unique key per thing bought makes a second payment for it impossible: the second
 * insert finds the first and the paying transaction rolls back; `payment_key` (the ledger operation's key) tells a retry
 * of the paying request, answered with its payment, from a new request for the same thing, answered "already".
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    // A boosted message (once each): the receiver's thread rose at `created_at`.
    await db.schema
      .createTable("messenger_boosts")
      .addColumn("message_id", "integer", (c) => c.primaryKey().references("messenger_messages.id").onDelete("cascade"))
      .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("operation_id", "integer", (c) => c.notNull())
      .addColumn("payment_key", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    // A date's review texts a reader paid to read (once per reader and date).
    await db.schema
      .createTable("review_unlocks")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("reader_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("date_id", "integer", (c) => c.notNull().references("dates.id").onDelete("cascade"))
      .addColumn("operation_id", "integer", (c) => c.notNull())
      .addColumn("payment_key", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("review_unlocks_reader_date").on("review_unlocks").columns(["reader_id", "date_id"]).unique().execute();
  };
}
