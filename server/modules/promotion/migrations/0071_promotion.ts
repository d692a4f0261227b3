import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 3, the promotion module's own migration (ADR 067, 084): the members' rise-ups and promotion profiles.
 * What search ranks by stays profiles.rise_up_until (migration 0011), which the search triggers copy into
 * search_profiles in the transaction that writes it.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("promotions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("type", "text", (col) => col.notNull())
      .addColumn("request_key", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("code", "text")
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("operation_id", "integer")
      .addColumn("starts_at", "bigint")
      .addColumn("ends_at", "bigint")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    // A retry finds its first answer; two requests with one key cannot both insert.
    await db.schema.createIndex("promotions_user_key").on("promotions").columns(["user_id", "request_key"]).unique().execute();
    // The page's history and the month's free rise-ups: one member's rows by time.
    await db.schema.createIndex("promotions_user_created").on("promotions").columns(["user_id", "created_at"]).execute();
  };
}
