import { sql, type Kysely } from "kysely";
import { REGISTER_COMPLETED_STEP } from "../../contract/users";
import type { Dialect } from "../dialect";
import { SEARCH_PROFILES_COLUMNS, searchProfilesSql } from "./search-profiles-sql";

/**
 * search_profiles (issue 4, search speed; ADR 009): one narrow row per LISTED
 * profile with every column a search filters, ranks or facets on. A radius
 * search reads one range of the covering (lat, lon, …) index and never
 * touches the wide users/profiles rows; only the page's 24 hits are joined
 * back for their display fields.
 *
 * The table is derived data. Triggers on users, profiles, profile_prices and
 * profile_traits recompute a user's row (delete + insert-select, so a profile
 * that stops being listed disappears) on every write that can change it; the
 * same statement backfills existing data here. Changing the row definition
 * means a new migration that drops and recreates triggers and rows
 * (search-profiles-sql.ts builds both; 0023_search_visibility is one).
 */

/** The profiles that search may list: active, registration finished, a public type, profile shown. */
const LISTED = `u.status = 'active' AND u.register_completed_step >= ${REGISTER_COMPLETED_STEP} AND u.user_type IN (1, 2, 3) AND p.is_visible = 1`;

/** Columns of profiles that a row depends on (updates of others do not recompute). */
const PROFILE_COLUMNS = [
  "display_name",
  "lat",
  "lon",
  "country_code",
  "region_code",
  "city_id",
  "is_visible",
  "members_only",
  "verified_at",
  "is_hot",
  "review_count",
  "rating_avg",
  "rise_up_until",
  "available_now_until",
  "on_tour_until",
  "safe_sex_status",
  "is_smoker",
  "height_cm",
  "weight_kg",
];

/** This migration's definition (the shared builder keeps the SQL it ran; 0023 builds a newer one). */
export const SEARCH_PROFILES_0011 = { listed: LISTED, profileColumns: PROFILE_COLUMNS };
const DEFINITION = searchProfilesSql(SEARCH_PROFILES_0011);
const COLUMNS = SEARCH_PROFILES_COLUMNS;

/** Ranking inputs, appended to every covering index so ordering needs no row lookups. */
const RANKING = ["rise_up_until", "is_member", "member_until", "verified", "review_count", "rating_avg", "last_login_at", "user_id"];

/**
 * Each index carries every column the filters, facets and ranking read, so a search reads one index range and
 * never the table. The payload includes the only-show flags the popular filters use (hot, safer sex, available
 * now, on tour, new) and the members-only flag guests' searches test. Later migrations that add ranking inputs
 * (0045) build the same four indexes with a longer payload.
 */
export const SEARCH_INDEX_PAYLOAD_0011: readonly string[] = [
  "gender",
  "birth_ymd",
  "price_hour",
  "figure_type",
  "race_type",
  "cup_size",
  "members_only",
  "is_hot",
  "safe_sex_status",
  "available_now_until",
  "on_tour_until",
  "created_at",
  ...RANKING,
];

/** The covering indexes of search_profiles. */
export const SEARCH_INDEX_NAMES = [
  "search_profiles_geo",
  "search_profiles_country",
  "search_profiles_city",
  "search_profiles_region",
] as const;

export async function createSearchIndexes(db: Kysely<unknown>, payload: readonly string[]) {
  // Radius mode: the user type, then the box as a lat range.
  await db.schema
    .createIndex("search_profiles_geo")
    .on("search_profiles")
    .columns(["user_type", "lat", "lon", ...payload, "country_code"])
    .execute();
  // Country mode and the directory (city, region): equality first, then the same payload.
  await db.schema
    .createIndex("search_profiles_country")
    .on("search_profiles")
    .columns(["country_code", "user_type", ...payload])
    .execute();
  await db.schema
    .createIndex("search_profiles_city")
    .on("search_profiles")
    .columns(["city_id", "user_type", ...payload, "country_code"])
    .execute();
  await db.schema
    .createIndex("search_profiles_region")
    .on("search_profiles")
    .columns(["country_code", "region_code", "user_type", ...payload])
    .execute();
}

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    const bigint = dialect === "postgres" ? "bigint" : "integer";
    await db.schema
      .createTable("search_profiles")
      .addColumn("user_id", "integer", (c) => c.primaryKey())
      .addColumn("user_type", "integer", (c) => c.notNull())
      .addColumn("gender", "integer")
      .addColumn("birth_ymd", "integer")
      .addColumn("lat", "double precision")
      .addColumn("lon", "double precision")
      .addColumn("country_code", "text")
      .addColumn("region_code", "text")
      .addColumn("city_id", "integer")
      .addColumn("members_only", "integer", (c) => c.notNull())
      .addColumn("created_at", bigint, (c) => c.notNull())
      .addColumn("last_login_at", bigint)
      .addColumn("is_member", "integer", (c) => c.notNull())
      .addColumn("member_until", bigint)
      .addColumn("verified", "integer", (c) => c.notNull())
      .addColumn("is_hot", "integer", (c) => c.notNull())
      .addColumn("review_count", "integer", (c) => c.notNull())
      .addColumn("rating_avg", "double precision")
      .addColumn("rise_up_until", bigint)
      .addColumn("available_now_until", bigint)
      .addColumn("on_tour_until", bigint)
      .addColumn("safe_sex_status", "integer", (c) => c.notNull())
      .addColumn("is_smoker", "integer")
      .addColumn("height_cm", "integer")
      .addColumn("weight_kg", "integer")
      .addColumn("price_hour", "integer")
      .addColumn("figure_type", "integer")
      .addColumn("race_type", "integer")
      .addColumn("cup_size", "integer")
      .addColumn("has_piercing", "integer", (c) => c.notNull())
      .addColumn("has_tattoo", "integer", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull())
      .addColumn("username_key", "text", (c) => c.notNull())
      .execute();
    await createSearchIndexes(db, SEARCH_INDEX_PAYLOAD_0011);

    await sql.raw(`INSERT INTO search_profiles (${COLUMNS.join(", ")}) ${DEFINITION.source.select(dialect)}`).execute(db);
    await DEFINITION.createTriggers(dialect, db);
  };
}
