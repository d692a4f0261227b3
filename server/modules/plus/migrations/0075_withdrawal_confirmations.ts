import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 26 left, item 2 (ADR 088): a withdrawal sent without login takes effect when the contract owner confirms it
 * by the link mailed to the account's address. The declaration row keeps the link (as a hash), its expiry and when
 * it was confirmed; `confirmation` is "pending" or "confirmed" for such a withdrawal, null for every other declaration.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("contract_declarations").addColumn("confirmation", "text").execute();
    await db.schema.alterTable("contract_declarations").addColumn("confirm_token_hash", "text").execute();
    await db.schema.alterTable("contract_declarations").addColumn("confirm_expires_at", "bigint").execute();
    await db.schema.alterTable("contract_declarations").addColumn("confirmed_at", "bigint").execute();
    await db.schema
      .createIndex("contract_declarations_confirm_token")
      .on("contract_declarations")
      .column("confirm_token_hash")
      .unique()
      .execute();
  };
}
