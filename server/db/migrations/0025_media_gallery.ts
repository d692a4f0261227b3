import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 10 item 3 (user/media_gallery, ADR 029):
 * - media.is_cover: the one photo a member picks as the cover of the profile (0/1).
 * - media.fake_check: none, pending, accepted, rejected (spec section 3); the member asks, the team decides.
 * - media.watermark: the watermark the row's variants carry ("white:bottom_right:100"), NULL for none.
 *   When it differs from the member's settings the variants are re-rendered from the private master.
 * - media_watermarks: one row per member who saved watermark settings (no row: no watermark).
 * Album ordering needs nothing new: it rewrites media.position.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("media")
      .addColumn("is_cover", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("media")
      .addColumn("fake_check", "text", (c) => c.notNull().defaultTo("none"))
      .execute();
    await db.schema.alterTable("media").addColumn("watermark", "text").execute();
    await db.schema
      .createTable("media_watermarks")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("enabled", "integer", (c) => c.notNull())
      .addColumn("color", "text", (c) => c.notNull())
      .addColumn("corner", "text", (c) => c.notNull())
      .addColumn("opacity", "integer", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  };
}
