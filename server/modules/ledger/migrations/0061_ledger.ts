import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 1 (ADR 073), the ledger module's own migration (ADR 067): the double-entry ledger. Accounts (one per member, purpose and currency; the platform's
 * with no member), operations (one per idempotency key) and transfers (append-only). A CHECK keeps every member
 * balance at zero or above, a second line of defence behind the conditional update; another keeps
 * every transfer's amount positive and its two accounts distinct.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("ledger_accounts")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.references("users.id"))
      .addColumn("purpose", "text", (col) => col.notNull())
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("balance", "bigint", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addCheckConstraint("ledger_accounts_not_negative", sql`user_id is null or balance >= 0`)
      .execute();
    // One account per member, purpose and currency; the platform's (no member) unique by purpose and currency.
    await db.schema
      .createIndex("ledger_accounts_member")
      .on("ledger_accounts")
      .columns(["user_id", "purpose", "currency"])
      .unique()
      .execute();
    await db.schema
      .createIndex("ledger_accounts_system")
      .on("ledger_accounts")
      .columns(["purpose", "currency"])
      .unique()
      .where(sql.ref("user_id"), "is", null)
      .execute();

    await db.schema
      .createTable("ledger_operations")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
      .addColumn("fingerprint", "text", (col) => col.notNull())
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("actor_user_id", "integer")
      .addColumn("reference", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("ledger_operations_actor").on("ledger_operations").columns(["actor_user_id", "id"]).execute();

    await db.schema
      .createTable("ledger_transfers")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("operation_id", "integer", (col) => col.notNull().references("ledger_operations.id"))
      .addColumn("from_account_id", "integer", (col) => col.notNull().references("ledger_accounts.id"))
      .addColumn("to_account_id", "integer", (col) => col.notNull().references("ledger_accounts.id"))
      .addColumn("amount", "bigint", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addCheckConstraint("ledger_transfers_positive", sql`amount > 0 and from_account_id <> to_account_id`)
      .execute();
    // An account's history, newest first, and its balance recomputed from its transfers (reconciliation).
    await db.schema.createIndex("ledger_transfers_from").on("ledger_transfers").columns(["from_account_id", "id"]).execute();
    await db.schema.createIndex("ledger_transfers_to").on("ledger_transfers").columns(["to_account_id", "id"]).execute();
    await db.schema.createIndex("ledger_transfers_operation").on("ledger_transfers").column("operation_id").execute();
  };
}
