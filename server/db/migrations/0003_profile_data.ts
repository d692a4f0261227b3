import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * The profile data model that registration (issue 3), search and profile
 * pages (issue 4) share:
 * - profiles gains the free-text fields and numeric appearance measures;
 * - every trait (spec section 3 groups, cup_size, nationality, languages…)
 *   is one row per chosen option in profile_traits, single or multiple choice
 *   alike, so search filters on any group use one index;
 * - prices (item type time 1 / extra 2) and schedule slots get tables.
 * city_id refers to the geo tables that search brings; no foreign key, so the
 * geo data can be reloaded without touching profiles.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    for (const [column, type] of [
      ["profession", "text"],
      ["interests", "text"],
      ["height_cm", "integer"],
      ["weight_kg", "integer"],
      ["penis_length_cm", "double precision"],
      ["penis_diameter_cm", "double precision"],
      ["is_smoker", "integer"],
      ["city_id", "integer"],
      ["region_code", "text"],
      ["available_now_until", "bigint"],
    ] as const) {
      await db.schema.alterTable("profiles").addColumn(column, type).execute();
    }

    await db.schema
      .createTable("profile_traits")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("group_key", "text", (c) => c.notNull())
      .addColumn("option_id", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("profile_traits_pk", ["user_id", "group_key", "option_id"])
      .execute();
    // Search: "who has option X of group G" without touching the profiles.
    await db.schema.createIndex("profile_traits_filter").on("profile_traits").columns(["group_key", "option_id", "user_id"]).execute();

    await db.schema
      .createTable("profile_prices")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // 1 = time (duration_minutes set), 2 = extra (name set)
      .addColumn("item_type", "integer", (c) => c.notNull())
      .addColumn("duration_minutes", "integer")
      .addColumn("name", "text")
      // Whole euros, 1 to 100000 (spec section 5).
      .addColumn("price_eur", "integer", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex("profile_prices_user").on("profile_prices").columns(["user_id", "item_type", "position"]).execute();
    await db.schema
      .createIndex("profile_prices_duration")
      .on("profile_prices")
      .columns(["duration_minutes", "price_eur", "user_id"])
      .execute();

    await db.schema
      .createTable("profile_schedule")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // ISO weekday 1 (Monday) to 7 (Sunday).
      .addColumn("day", "integer", (c) => c.notNull())
      // "HH:MM", 24-hour, local time of the profile's city.
      .addColumn("time_from", "text", (c) => c.notNull())
      .addColumn("time_to", "text", (c) => c.notNull())
      // The slot ends after midnight (time_to is on the next day).
      .addColumn("is_over_day", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex("profile_schedule_user").on("profile_schedule").columns(["user_id", "day"]).execute();
  };
}
