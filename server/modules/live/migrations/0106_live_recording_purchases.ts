import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 31 item 4 (ADR 124): a priced recording is bought once per member, like a pay-per-view medium. The ledger
 * operation (creatorSale under the pair's key) and this row commit together; the unique pair holds "once".
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("live_recording_purchases")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("recording_id", "integer", (col) => col.notNull().references("live_recordings.id").onDelete("cascade"))
      .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      // ledger_operations.id of the payment; the price paid in whole dollars.
      .addColumn("operation_id", "integer", (col) => col.notNull())
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("paid_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("live_recording_purchases_pair")
      .on("live_recording_purchases")
      .columns(["recording_id", "member_id"])
      .unique()
      .execute();
    await db.schema.createIndex("live_recording_purchases_member").on("live_recording_purchases").columns(["member_id"]).execute();
  };
}
