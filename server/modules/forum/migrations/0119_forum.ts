import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 32 item 5 (ADR 134): the community forum's side of our data.
 * - forum_sso_nonces: every DiscourseConnect nonce we answered, kept past Discourse's own 10 minutes, so a captured
 *   sign-on request is never answered twice.
 * - forum_members: a member's forum language (the language-change path) and whether their last save reached the forum.
 * - forum_category_levels: the member's notification level per forum category (Discourse's levels 0-4), kept here
 *   and pushed to the forum.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("forum_sso_nonces")
      .addColumn("nonce", "text", (col) => col.primaryKey())
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("used_at", "bigint", (col) => col.notNull())
      .addColumn("expires_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("forum_sso_nonces_expiry").on("forum_sso_nonces").column("expires_at").execute();

    await db.schema
      .createTable("forum_members")
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("language", "text")
      .addColumn("pushed", "integer")
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("forum_category_levels")
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("category_id", "integer", (col) => col.notNull())
      .addColumn("level", "integer", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .addPrimaryKeyConstraint("forum_category_levels_pk", ["user_id", "category_id"])
      .execute();
  };
}
