import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 1 (ADRs 105–106): age verification for fsk18 content.
 * - age_verifications: one row per member — the spec's fsk18 identity status (0 init, 1 pending, 2 verified), the
 *   provider and our session reference of the latest identification, the PIN bound to it (scrypt), wrong PINs in a
 *   row, and the team's forced check.
 * - age_verification_nonces: every webhook nonce accepted, so a captured webhook sent again is refused.
 * - age_verification_sessions: the login sessions (token families, ADR 016) in which the verified member entered the
 *   PIN: the authentication on each use.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("age_verifications")
      // References to users: the demo seed's reset and account deletion find these tables through them.
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("status", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("provider", "text")
      .addColumn("reference", "text")
      .addColumn("provider_txn_id", "text")
      .addColumn("pin_hash", "text")
      .addColumn("pin_failures", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("declined", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("forced", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("started_at", "bigint")
      .addColumn("verified_at", "bigint")
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    // The webhook finds its identification by the provider and our reference.
    await db.schema
      .createIndex("age_verifications_reference")
      .unique()
      .on("age_verifications")
      .columns(["provider", "reference"])
      .execute();

    await db.schema
      .createTable("age_verification_nonces")
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("nonce", "text", (col) => col.notNull())
      .addColumn("received_at", "bigint", (col) => col.notNull())
      .addPrimaryKeyConstraint("age_verification_nonces_pk", ["provider", "nonce"])
      .execute();
    // Pruned once older than the signature's tolerance (a message that old is refused by its timestamp anyway).
    await db.schema.createIndex("age_verification_nonces_received").on("age_verification_nonces").columns(["received_at"]).execute();

    await db.schema
      .createTable("age_verification_sessions")
      .addColumn("family_id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("authenticated_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("age_verification_sessions_user").on("age_verification_sessions").columns(["user_id"]).execute();
  };
}
