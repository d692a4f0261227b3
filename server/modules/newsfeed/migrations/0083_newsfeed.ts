import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 28 item 5 (ADR 095): the newsfeed's trending scores, written by the trending job (never per request), and the
 * indexes the feed's reads walk. A medium's place in the feed is the time it became public: its scheduled
 * publication, else its upload (`coalesce(publish_at, created_at)`); the feed reads it newest first, so the index is
 * on that expression — the same text the queries use (server/modules/newsfeed/feed.ts MEDIA_FEED_AT).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("newsfeed_trending")
      .addColumn("item_kind", "text", (col) => col.notNull())
      .addColumn("item_id", "integer", (col) => col.notNull())
      .addColumn("owner_id", "integer", (col) => col.notNull())
      // Thousandths of a point: integers compare exactly in the tab's cursor.
      .addColumn("score", "integer", (col) => col.notNull())
      .addColumn("computed_at", "bigint", (col) => col.notNull())
      .addPrimaryKeyConstraint("newsfeed_trending_pk", ["item_kind", "item_id"])
      .execute();
    // The trending tab reads each type's best scores first, page after page.
    await db.schema.createIndex("newsfeed_trending_rank").on("newsfeed_trending").columns(["item_kind", "score", "item_id"]).execute();

    // Every tab but trending walks the accepted media newest first (both databases index an expression): the status
    // first, so the walk needs no sort whichever other index the planner could take for `status = accepted`.
    await sql`create index media_feed_at on media (status, (coalesce(publish_at, created_at)), id)`.execute(db);
    // Bundles in the feed: accepted ones by the time the team accepted them.
    await sql`create index bundles_feed_at on bundles (status, (coalesce(decided_at, created_at)), id)`.execute(db);
    // The trending job reads a window of tips on media and of favorites gained.
    await db.schema.createIndex("tips_target_time").on("tips").columns(["target_kind", "created_at"]).execute();
    await db.schema.createIndex("favorites_created").on("favorites").columns(["created_at"]).execute();
  };
}
