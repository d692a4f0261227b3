import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Escort profiles a business (agency, club) links to its own profile
 * (business registration step "escorts"). A link belongs to the business;
 * the escort's consent flow comes with the linked_profiles settings page.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("business_escorts")
      .addColumn("business_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("escort_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("business_escorts_pk", ["business_user_id", "escort_user_id"])
      .execute();
    // "Which businesses list this escort" for the escort's profile page.
    await db.schema.createIndex("business_escorts_escort").on("business_escorts").columns(["escort_user_id", "business_user_id"]).execute();
  };
}
