import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 3 item 2: business signup tracking. One row per funnel stage a user
 * reached (type codes in server/contract/registration.ts BUSINESS_SIGNUP_TRACKING),
 * at most once per user and type (the unique index makes recording
 * idempotent). landing_page_id copies the user's landing page at the time,
 * so funnels per landing page need no join and survive later profile edits.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("signup_tracking")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("landing_page_id", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("signup_tracking_user_type").on("signup_tracking").columns(["user_id", "type"]).unique().execute();
  };
}
