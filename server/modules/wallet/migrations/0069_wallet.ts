import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27, the wallet's own migration (ADR 067, 081): a member's auto-recharge setting, and one row per auto
 * recharge the wallet started (its monthly limit counts these rows; the key makes one spend start at most one).
 * The dollars themselves live in the ledger (0061); nothing here holds money.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("wallet_preferences")
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("auto_recharge", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("auto_recharge_sku", "text", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("wallet_recharges")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      // The spend's ledger key it recharged for: a retry of that spend never starts a second recharge.
      .addColumn("spend_key", "text", (col) => col.notNull().unique())
      .addColumn("sku", "text", (col) => col.notNull())
      .addColumn("order_id", "integer")
      .addColumn("outcome", "text", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("wallet_recharges_user").on("wallet_recharges").columns(["user_id", "created_at"]).execute();
  };
}
