import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 11 items 6 and 7 (ADR 039): interview answers and preferred date kinds of a profile. The safer-sex
 * status needs no change: profiles.safe_sex_status exists since 0007 and search_profiles copies it (0011).
 * - `profile_interviews`: one answer per member and question key of the contract's catalogue.
 * - `profile_date_kinds`: the kinds of date an escort prefers, one row per kind.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("profile_interviews")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("question_key", "text", (c) => c.notNull())
      .addColumn("answer", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_interviews_pk", ["user_id", "question_key"])
      .execute();
    await db.schema
      .createTable("profile_date_kinds")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_date_kinds_pk", ["user_id", "kind"])
      .execute();
  };
}
