import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 32 item 2 (ADR 132): the activity tracker's append-only store, its rollup's cursor, and the clicks per profile
 * and day the rollup writes (views go to profile_view_days, ADR 033, as before). The raw table has one index besides its
 * key, the one the rollup and the pruning read by (day); every other index would cost each of the many inserts.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("activity_events")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("visitor", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("received_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("activity_events_day").on("activity_events").columns(["day", "user_id", "kind"]).execute();
    await db.schema
      .createTable("profile_click_days")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("clicks", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_click_days_pk", ["user_id", "day", "kind"])
      .execute();
    await db.schema
      .createTable("activity_rollup")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("last_id", "bigint", (c) => c.notNull())
      .execute();
  };
}
