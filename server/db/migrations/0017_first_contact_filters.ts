import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 10 (user/first_contact_filter_and_blocklist): who may open a first contact with a member. One row
 * per member who saved a filter; lists are comma-separated codes (small, read whole, never queried into).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("first_contact_filters")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("age_min", "integer")
      .addColumn("age_max", "integer")
      .addColumn("genders", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("user_types", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("countries", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("members_only", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("verified_only", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  };
}
