import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 5, the payouts module's migration (ADR 067, 086): the secure code and its reset links, the bank
 * account payouts go to, the payouts and the back office's batches (pain.001 files), and the record of which earning
 * left its probation. The money itself is in the ledger; these tables say what a movement was for.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    // One code per member, hashed like a password; wrong tries count up to SECURE_CODE_MAX_TRIES, then it locks.
    await db.schema
      .createTable("payout_secure_codes")
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("code_hash", "text", (col) => col.notNull())
      .addColumn("failed_tries", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();

    // Reset links (as password resets): the token's digest, one hour, used once.
    await db.schema
      .createTable("payout_secure_code_resets")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("token_hash", "text", (col) => col.notNull().unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("expires_at", "bigint", (col) => col.notNull())
      .addColumn("used_at", "bigint")
      .execute();

    // The account payouts go to: the IBAN in electronic form, the BIC if given, the holder's name exactly as typed.
    // iban_changed_at starts IBAN_CHANGE_BLOCK_HOURS without payouts.
    await db.schema
      .createTable("payout_bank_accounts")
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("iban", "text", (col) => col.notNull())
      .addColumn("bic", "text")
      .addColumn("holder", "text", (col) => col.notNull())
      .addColumn("iban_changed_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();

    // A pain.001 file of approved payouts; `sent_at` when staff marked it sent (its payouts succeeded).
    await db.schema
      .createTable("payout_batches")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("message_id", "text", (col) => col.notNull().unique())
      .addColumn("due_date", "text", (col) => col.notNull())
      .addColumn("transactions", "integer", (col) => col.notNull())
      .addColumn("control_sum_cents", "bigint", (col) => col.notNull())
      .addColumn("xml", "text", (col) => col.notNull())
      .addColumn("created_by", "integer", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("sent_by", "integer")
      .addColumn("sent_at", "bigint")
      .execute();

    // One row per payout request: the request's key (a retry finds it), the account as it was, the ledger operation.
    await db.schema
      .createTable("payouts")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("request_key", "text", (col) => col.notNull().unique())
      .addColumn("amount", "integer", (col) => col.notNull())
      .addColumn("amount_cents", "bigint", (col) => col.notNull())
      .addColumn("status", "integer", (col) => col.notNull())
      .addColumn("outcome", "text")
      .addColumn("iban", "text", (col) => col.notNull())
      .addColumn("bic", "text")
      .addColumn("holder", "text", (col) => col.notNull())
      .addColumn("end_to_end_id", "text", (col) => col.notNull().unique())
      .addColumn("operation_id", "integer", (col) => col.notNull())
      .addColumn("batch_id", "integer", (col) => col.references("payout_batches.id"))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("settled_at", "bigint")
      .addColumn("confirmed_at", "bigint")
      .execute();
    await db.schema.createIndex("payouts_user").on("payouts").columns(["user_id", "status"]).execute();
    await db.schema.createIndex("payouts_status").on("payouts").columns(["status", "batch_id"]).execute();

    // Which earning (a ledger transfer into a pending account) was released, by which operation: the release job's memory.
    await db.schema
      .createTable("earning_releases")
      .addColumn("transfer_id", "integer", (col) => col.primaryKey())
      .addColumn("user_id", "integer", (col) => col.notNull())
      .addColumn("amount", "integer", (col) => col.notNull())
      .addColumn("operation_id", "integer", (col) => col.notNull())
      .addColumn("released_at", "bigint", (col) => col.notNull())
      .execute();
    // The release job's query: transfers by time (the ledger's table has no index on it).
    await db.schema.createIndex("ledger_transfers_to_time").on("ledger_transfers").columns(["to_account_id", "created_at"]).execute();
  };
}
