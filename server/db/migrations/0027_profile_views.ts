import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 10 item 1 (dashboard charts, ADR 033): profile views per profile and calendar day, and the day's
 * marks that let one viewer count once a day. A mark is a keyed hash of (day, profile, viewer): it names
 * nobody, cannot be linked across days or profiles, and is deleted once its day is over.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("profile_view_days")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_view_days_pk", ["user_id", "day"])
      .execute();
    await db.schema
      .createTable("profile_view_marks")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("viewer_hash", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_view_marks_pk", ["user_id", "day", "viewer_hash"])
      .execute();
    // The daily clean-up deletes by day across all profiles.
    await db.schema.createIndex("profile_view_marks_day").on("profile_view_marks").column("day").execute();
  };
}
