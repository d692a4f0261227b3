import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 10 (user/notifications): a member's choice per kind and channel. A missing row means the default
 * of contract/settings (DEFAULT_NOTIFICATION_PREFERENCES), so defaults can improve without touching rows.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("notification_preferences")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("enabled", "integer", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("notification_preferences_pk", ["user_id", "kind", "channel"])
      .execute();
  };
}
