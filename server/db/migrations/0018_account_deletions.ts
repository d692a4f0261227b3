import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/** Issue 10 (user/pause_delete): a deletion waits for the link sent by e-mail (24 hours). */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("account_deletions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      /** Set when the account was deleted, or the request replaced or withdrawn. */
      .addColumn("closed_at", "bigint")
      .execute();
    await db.schema.createIndex("account_deletions_user").on("account_deletions").columns(["user_id", "closed_at"]).execute();
  };
}
