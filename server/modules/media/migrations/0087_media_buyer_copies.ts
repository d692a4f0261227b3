import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 28 leftovers (ADR 098): the buyer's watermarked copy of a paid photo is kept on the storage port per
 * (medium, buyer, variant) for a bounded time instead of being rendered on every request. A row says where the copy
 * lies, which stored variant and which username it was made from (a new upload or a renamed buyer makes a new one) and
 * when; the maintenance sweep deletes copies past their lifetime. No foreign keys: a cache must never stand in the way
 * of deleting a medium or an account (the sweep and the source check keep it right); the demo reset empties it.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("media_buyer_copies")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("media_id", "integer", (col) => col.notNull())
      .addColumn("buyer_id", "integer", (col) => col.notNull())
      .addColumn("variant", "text", (col) => col.notNull())
      .addColumn("source_key", "text", (col) => col.notNull())
      .addColumn("username", "text", (col) => col.notNull())
      .addColumn("storage_key", "text", (col) => col.notNull().unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("media_buyer_copies_once")
      .unique()
      .on("media_buyer_copies")
      .columns(["media_id", "buyer_id", "variant"])
      .execute();
    await db.schema.createIndex("media_buyer_copies_age").on("media_buyer_copies").column("created_at").execute();
  };
}
