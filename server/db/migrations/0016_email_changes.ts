import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 10 (user/email_password): a new e-mail address takes effect only once a link sent to it is
 * opened. Until then the request waits here; the account keeps its old, verified address.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("email_changes")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("new_email", "text", (c) => c.notNull())
      .addColumn("new_email_key", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      /** Set when the change took effect, or when it was cancelled or replaced by a newer request. */
      .addColumn("closed_at", "bigint")
      .execute();
    await db.schema.createIndex("email_changes_user").on("email_changes").columns(["user_id", "closed_at"]).execute();
  };
}
