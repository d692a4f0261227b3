import { sql, type Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 3 (ADR 109): KYC for payouts. kyc_members holds staff's last reset or expiry per member (what came
 * before it counts no more); kyc_signatures every signature of the creator agreement (version, language, the
 * SHA-256 of the text shown, the typed name, a keyed hash of the address, the browser); kyc_screenings every
 * sanctions/AML screening and staff's decision of a hit; kyc_payout_holds the waiting payouts held while KYC is not
 * complete. Signatures and screenings are never updated away: they are the record of what was agreed and checked.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("kyc_members")
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds these tables through them.
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      // Signatures and screenings up to these ids count no more (staff's last reset or expiry): ids, not times, so
      // a signature in the same millisecond as the reset still counts after it.
      .addColumn("signature_floor", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("screening_floor", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("last_action", "text")
      .addColumn("last_reason", "text")
      .addColumn("last_action_at", "bigint")
      // Not a foreign key: a staff account erased later must not take the decision with it (as the audit trail).
      .addColumn("decided_by", "integer")
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("kyc_signatures")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("version", "text", (col) => col.notNull())
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("text_sha256", "text", (col) => col.notNull())
      .addColumn("full_name", "text", (col) => col.notNull())
      .addColumn("ip_hash", "text", (col) => col.notNull())
      .addColumn("user_agent", "text", (col) => col.notNull())
      .addColumn("signed_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("kyc_signatures_user").on("kyc_signatures").columns(["user_id", "id"]).execute();
    await db.schema
      .createTable("kyc_screenings")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("signature_id", "integer", (col) => col.notNull().references("kyc_signatures.id"))
      .addColumn("full_name", "text", (col) => col.notNull())
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("reference", "text", (col) => col.notNull().unique())
      // contract/kyc AML_OUTCOMES: pending, clear, hit, error.
      .addColumn("outcome", "text", (col) => col.notNull())
      .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
      // JSON array of what the provider matched (a hit).
      .addColumn("matches", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("provider_reference", "text")
      // 1 while it runs, failed or waits for staff: one open screening per member (the partial index below).
      .addColumn("open", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("screened_at", "bigint")
      .addColumn("valid_until", "bigint")
      // contract/kyc AML_DECISIONS of a hit: cleared (a false positive) or rejected.
      .addColumn("decision", "text")
      .addColumn("decided_by", "integer")
      .addColumn("decided_at", "bigint")
      .addColumn("reason", "text")
      // When the expiry job found it run out (the member was told, waiting payouts held).
      .addColumn("expiry_handled_at", "bigint")
      .execute();
    await db.schema.createIndex("kyc_screenings_user").on("kyc_screenings").columns(["user_id", "id"]).execute();
    // Backend staff's queue: undecided hits, oldest screening first.
    await db.schema.createIndex("kyc_screenings_queue").on("kyc_screenings").columns(["outcome", "open", "screened_at", "id"]).execute();
    await sql`CREATE UNIQUE INDEX kyc_screenings_one_open ON kyc_screenings (user_id) WHERE open = 1`.execute(db);
    await db.schema
      .createTable("kyc_payout_holds")
      .addColumn("payout_id", "integer", (col) => col.primaryKey().references("payouts.id"))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      // The statement of reasons the member got for it (DSA Art. 17).
      .addColumn("statement_id", "integer", (col) => col.notNull())
      .addColumn("held_at", "bigint", (col) => col.notNull())
      .addColumn("released_at", "bigint")
      .execute();
    await db.schema.createIndex("kyc_payout_holds_user").on("kyc_payout_holds").columns(["user_id", "released_at"]).execute();
  };
}
