import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 11 (visitors, ADR 036): who looked at whose profile. One row per visitor and profile; a visit is
 * recorded once per calendar day (Europe/Berlin): `last_day` says which day was counted last. Rows whose
 * last visit is older than the retention are deleted.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("profile_visits")
      .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("visitor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("last_visited_at", "bigint", (c) => c.notNull())
      .addColumn("last_day", "text", (c) => c.notNull())
      .addColumn("visit_days", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_visits_pk", ["owner_id", "visitor_id"])
      .execute();
    // "Whom I looked at".
    await db.schema.createIndex("profile_visits_visitor").on("profile_visits").columns(["visitor_id", "last_visited_at"]).execute();
    // The retention clean-up.
    await db.schema.createIndex("profile_visits_at").on("profile_visits").column("last_visited_at").execute();
  };
}
