import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/** Accounts, tokens, abuse counters, mail outbox, profiles and media. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("users")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("username", "text", (c) => c.notNull())
      .addColumn("username_key", "text", (c) => c.notNull().unique())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_key", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("user_type", "integer", (c) => c.notNull())
      .addColumn("gender", "integer")
      .addColumn("salutation", "text")
      .addColumn("birth_date", "text")
      .addColumn("language", "text", (c) => c.notNull().defaultTo("de"))
      .addColumn("is_member", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("member_until", "bigint")
      .addColumn("email_verified_at", "bigint")
      .addColumn("email_was_verified", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_bounced_email", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("forced_fake_check", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("register_completed_step", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("last_login_at", "bigint")
      .execute();

    await db.schema
      .createTable("access_tokens")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("refresh_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("refresh_expires_at", "bigint", (c) => c.notNull())
      .addColumn("revoked_at", "bigint")
      .addColumn("client_ip", "text")
      .execute();
    await db.schema.createIndex("access_tokens_user").on("access_tokens").column("user_id").execute();

    await db.schema
      .createTable("password_resets")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .execute();

    await db.schema
      .createTable("rate_counters")
      .addColumn("bucket", "text", (c) => c.notNull())
      .addColumn("window_start", "bigint", (c) => c.notNull())
      .addColumn("hits", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("rate_counters_pk", ["bucket", "window_start"])
      .execute();

    await db.schema
      .createTable("captcha_challenges")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("answer_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .execute();

    await db.schema
      .createTable("mail_outbox")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("recipient", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("text_body", "text", (c) => c.notNull())
      .addColumn("html_body", "text", (c) => c.notNull())
      .addColumn("template", "text", (c) => c.notNull())
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("sent_at", "bigint")
      .execute();
    await db.schema.createIndex("mail_outbox_recipient").on("mail_outbox").columns(["recipient", "id"]).execute();

    await db.schema
      .createTable("profiles")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("city_name", "text")
      .addColumn("city_slug", "text")
      .addColumn("country_code", "text")
      .addColumn("lat", "double precision")
      .addColumn("lon", "double precision")
      .addColumn("status_text", "text")
      .addColumn("description", "text")
      .addColumn("is_visible", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("profiles_city").on("profiles").columns(["city_slug", "user_id"]).execute();
    await db.schema.createIndex("profiles_geo").on("profiles").columns(["lat", "lon", "user_id"]).execute();

    await db.schema
      .createTable("media")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("visibility", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull())
      .addColumn("storage_key", "text", (c) => c.notNull().unique())
      .addColumn("mime_type", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("is_avatar", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("media_user").on("media").columns(["user_id", "position"]).execute();
  };
}
