import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 5 (ADR 117): staff sign-in's second factor. One row per staff account with an authenticator (or a
 * started setup): the TOTP secret sealed with a key derived from APP_SECRET, the last time step a code was accepted
 * in (replay protection), and the wrong codes in a row with the lock they lead to. Recovery codes as SHA-256 digests,
 * each used once. The access token row says when its sign-in passed the second step.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("staff_totp")
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds the table through it.
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("secret_sealed", "text", (col) => col.notNull())
      // Null while the setup waits for its first code.
      .addColumn("enabled_at", "bigint")
      .addColumn("last_used_step", "bigint")
      .addColumn("failed_attempts", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("locked_until", "bigint")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("staff_totp_recovery_codes")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("code_hash", "text", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("used_at", "bigint")
      .execute();
    await db.schema
      .createIndex("staff_totp_recovery_codes_code")
      .on("staff_totp_recovery_codes")
      .columns(["user_id", "code_hash"])
      .unique()
      .execute();
    await db.schema.alterTable("access_tokens").addColumn("second_factor_at", "bigint").execute();
  };
}
