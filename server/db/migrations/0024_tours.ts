import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 10 item 5 (tours, ADR 028): an escort's announced stays in other cities. The city's place is
 * copied from the geo tables when the tour is made (search reads it without a join). The dates are kept
 * as written (calendar days) and as the instants they span in the site's time zone (starts_at inclusive,
 * ends_at exclusive), so "active now" is one comparison with the server clock — no job flips a status.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("tours")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("city_id", "integer", (c) => c.notNull())
      .addColumn("city_slug", "text", (c) => c.notNull())
      .addColumn("city_name", "text", (c) => c.notNull())
      .addColumn("country_code", "text", (c) => c.notNull())
      .addColumn("region_code", "text")
      .addColumn("lat", "double precision", (c) => c.notNull())
      .addColumn("lon", "double precision", (c) => c.notNull())
      .addColumn("date_from", "text", (c) => c.notNull())
      .addColumn("date_to", "text", (c) => c.notNull())
      .addColumn("starts_at", "bigint", (c) => c.notNull())
      .addColumn("ends_at", "bigint", (c) => c.notNull())
      .addColumn("cancelled_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("tours_user").on("tours").columns(["user_id", "ends_at"]).execute();
    // Active tours of a search: tours that have not ended, then the start and the place.
    await db.schema.createIndex("tours_active").on("tours").columns(["ends_at", "starts_at", "country_code", "city_id"]).execute();
  };
}
