import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 3 items 5–7: invitation codes, claimable (pre-created) profiles,
 * phone verification by SMS and federated (Google) sign-in.
 * - invitation_codes: codes that lead into registration; max_uses null means
 *   unlimited, expires_at null means no expiry.
 * - profile_claims: one row per pre-created profile offered to its owner via
 *   invites/{code}. The invite code and the 6-digit verification code are
 *   stored as SHA-256 digests only; the bind token that proves a passed
 *   verification likewise.
 * - sms_verifications: 6-digit codes sent to a phone number, per user.
 * - federated_identities: the provider's stable subject linked to a user.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("invitation_codes")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("created_by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("max_uses", "integer")
      .addColumn("expires_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("profile_claims")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("invite_hash", "text", (c) => c.notNull().unique())
      // "email" or "phone"; target holds the address or the E.164 number.
      .addColumn("target_kind", "text", (c) => c.notNull())
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("code_hash", "text")
      .addColumn("code_expires_at", "bigint")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("codes_sent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("bind_hash", "text")
      .addColumn("bind_expires_at", "bigint")
      .addColumn("verified_at", "bigint")
      .addColumn("claimed_at", "bigint")
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("profile_claims_user").on("profile_claims").column("user_id").execute();

    for (const [column, type] of [
      ["phone", "text"],
      ["phone_verified_at", "bigint"],
    ] as const) {
      await db.schema.alterTable("users").addColumn(column, type).execute();
    }

    await db.schema
      .createTable("sms_verifications")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("verified_at", "bigint")
      .execute();
    await db.schema.createIndex("sms_verifications_user").on("sms_verifications").columns(["user_id", "id"]).execute();

    await db.schema
      .createTable("federated_identities")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("federated_identities_subject", ["provider", "subject"])
      .execute();
    await db.schema.createIndex("federated_identities_user").on("federated_identities").column("user_id").execute();
  };
}
