import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 11 item 4 (private notes, ADR 037): one note per author and profile, seen only by its author. The profile's
 * owner is `subject_id` (not `user_id`): the note is the author's data, not the subject's, and goes into the
 * author's data export only.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("profile_notes")
      .addColumn("author_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("subject_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_notes_pk", ["author_id", "subject_id"])
      .execute();
    // Account deletion removes the notes about a member too.
    await db.schema.createIndex("profile_notes_subject").on("profile_notes").column("subject_id").execute();
  };
}
