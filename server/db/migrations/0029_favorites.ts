import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 11 (favorites, ADR 036): who keeps whom, and the per-profile counters that search ranking and the
 * dashboard read. A favorite carries the calendar day it was added (Europe/Berlin, as the dashboard's days),
 * so the dashboard's favorites series is one indexed count per day.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("favorites")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("target_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("created_day", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("favorites_pk", ["user_id", "target_id"])
      .execute();
    // "Who keeps me" and the dashboard's favorites per day.
    await db.schema.createIndex("favorites_target").on("favorites").columns(["target_id", "created_day"]).execute();
    // Totals per profile, kept with each change: search can read them by primary key, never by counting.
    await db.schema
      .createTable("profile_counters")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("favorites", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("visits", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  };
}
