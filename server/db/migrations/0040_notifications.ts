import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 12 item 7 (ADR 044): the notification centre, announcements and Web Push subscriptions.
 *
 * - `notifications`: one row per member and event, no prose (translation key from `event`, params as JSON);
 *   `dedupe_key` (unique per member, NULLs distinct on both engines) keeps aggregated events (a visitor per day)
 *   to one row. The list reads (user_id, read_at, created_at); the bell's count reads (user_id, read_at).
 * - `announcements`: per-language texts, an active window and a severity; `announcement_dismissals` remembers a
 *   member's "got it".
 * - `push_subscriptions`: a member's browsers (endpoint unique), removed when the push service answers 404/410.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("notifications")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("stickiness", "text", (c) => c.notNull())
      .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("subject_type", "text")
      .addColumn("subject_id", "integer")
      .addColumn("params", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("url", "text")
      .addColumn("dedupe_key", "text")
      .addColumn("read_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("notifications_user_list").on("notifications").columns(["user_id", "read_at", "created_at"]).execute();
    await db.schema.createIndex("notifications_user_dedupe").on("notifications").columns(["user_id", "dedupe_key"]).unique().execute();
    await db.schema.createIndex("notifications_actor").on("notifications").column("actor_id").execute();

    await db.schema
      .createTable("announcements")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("severity", "text", (c) => c.notNull())
      .addColumn("text_de", "text", (c) => c.notNull())
      .addColumn("text_en", "text")
      .addColumn("text_es", "text")
      .addColumn("text_pl", "text")
      .addColumn("url", "text")
      .addColumn("starts_at", "bigint", (c) => c.notNull())
      .addColumn("ends_at", "bigint")
      .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("announcements_window").on("announcements").columns(["starts_at", "ends_at"]).execute();
    await db.schema
      .createTable("announcement_dismissals")
      .addColumn("announcement_id", "integer", (c) => c.notNull().references("announcements.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("dismissed_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("announcement_dismissals_pk", ["user_id", "announcement_id"])
      .execute();

    await db.schema
      .createTable("push_subscriptions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("endpoint", "text", (c) => c.notNull().unique())
      .addColumn("p256dh", "text", (c) => c.notNull())
      .addColumn("auth", "text", (c) => c.notNull())
      .addColumn("user_agent", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("last_success_at", "bigint")
      .execute();
    await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
  };
}
