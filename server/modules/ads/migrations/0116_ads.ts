import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 32 item 1 (ADR 131): house ad campaigns and their creatives (with their impression and click counters,
 * incremented in place), the per-viewer daily frequency counters (keyed by a keyed hash of the day and the visitor
 * id: nothing that names a person, not linkable across days) and the member's ad switches.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("ad_campaigns")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("starts_at", "bigint", (col) => col.notNull())
      // Exclusive end; null: runs until paused.
      .addColumn("ends_at", "bigint")
      // Comma-separated targeting lists; empty: every page key, language, channel, city.
      .addColumn("page_keys", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("languages", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("channels", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("cities", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("daily_cap", "integer")
      .addColumn("paused", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("ad_creatives")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("campaign_id", "integer", (col) => col.notNull().references("ad_campaigns.id"))
      .addColumn("size", "text", (col) => col.notNull())
      .addColumn("format", "text", (col) => col.notNull().defaultTo("text"))
      .addColumn("headline", "text", (col) => col.notNull())
      .addColumn("text", "text", (col) => col.notNull().defaultTo(""))
      // An image creative's media storage key (null for text).
      .addColumn("image_key", "text")
      .addColumn("target_url", "text", (col) => col.notNull())
      .addColumn("alt_de", "text", (col) => col.notNull())
      .addColumn("alt_en", "text", (col) => col.notNull())
      .addColumn("alt_es", "text", (col) => col.notNull())
      .addColumn("alt_pl", "text", (col) => col.notNull())
      .addColumn("paused", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("impressions", "bigint", (col) => col.notNull().defaultTo(0))
      .addColumn("clicks", "bigint", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    // The zone's candidates: live creatives of one size.
    await db.schema.createIndex("ad_creatives_size").on("ad_creatives").columns(["size", "paused", "campaign_id"]).execute();

    await db.schema
      .createTable("ad_frequency")
      .addColumn("viewer_key", "text", (col) => col.notNull())
      .addColumn("campaign_id", "integer", (col) => col.notNull())
      // Days since the epoch (UTC): rows of past days are deleted.
      .addColumn("day", "integer", (col) => col.notNull())
      .addColumn("shown", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("ad_frequency_pk", ["viewer_key", "campaign_id", "day"])
      .execute();
    await db.schema.createIndex("ad_frequency_day").on("ad_frequency").column("day").execute();

    await db.schema
      .createTable("ad_preferences")
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds the table through it.
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("ads_off", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
  };
}
