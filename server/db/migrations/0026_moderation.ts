import { sql, type Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 10 item 4 (ADR 030): moderation before publication.
 * - `profile_text_changes`: a member's proposed profile text per field. The `profiles` column keeps the
 *   last accepted text (what the public sees); at most one proposal per member and field waits (status 0,
 *   a partial unique index), decided ones stay with their reason so the owner can read it.
 * - `media_decisions`: the last decision on a photo (who, when, the reason of a refusal); the photo's own
 *   `status` column says pending, accepted or rejected.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("profile_text_changes")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("field", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("reason", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("decided_at", "bigint")
      .addColumn("decided_by", "integer")
      .execute();
    await db.schema
      .createIndex("profile_text_changes_pending")
      .on("profile_text_changes")
      .columns(["user_id", "field"])
      .unique()
      .where(sql.ref("status"), "=", 0)
      .execute();
    // The queue reads waiting texts oldest first.
    await db.schema.createIndex("profile_text_changes_queue").on("profile_text_changes").columns(["status", "created_at"]).execute();

    await db.schema
      .createTable("media_decisions")
      .addColumn("media_id", "integer", (c) => c.primaryKey().references("media.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("status", "integer", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("decided_by", "integer", (c) => c.notNull())
      .addColumn("decided_at", "bigint", (c) => c.notNull())
      .execute();
    // The queue reads waiting photos oldest first.
    await db.schema.createIndex("media_status_created").on("media").columns(["status", "created_at"]).execute();
  };
}
