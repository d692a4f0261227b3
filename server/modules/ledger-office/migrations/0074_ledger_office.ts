import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 7 (ADR 087), the ledger office's own migration (ADR 067): the reconciliation's reports, one row per
 * run and currency, kept (they are the books' daily proof; a few hundred bytes a day).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("ledger_reconciliations")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("trigger", "text", (col) => col.notNull())
      .addColumn("actor_id", "integer")
      .addColumn("ok", "integer", (col) => col.notNull())
      .addColumn("accounts", "integer", (col) => col.notNull())
      .addColumn("transfers", "bigint", (col) => col.notNull())
      .addColumn("imbalance", "bigint", (col) => col.notNull())
      .addColumn("negative", "integer", (col) => col.notNull())
      .addColumn("mismatched", "integer", (col) => col.notNull())
      .addColumn("liabilities", "bigint")
      .addColumn("identity_json", "text")
      .addColumn("identity_difference", "bigint")
      .addColumn("platform_json", "text", (col) => col.notNull())
      .addColumn("ran_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("ledger_reconciliations_ran").on("ledger_reconciliations").columns(["ran_at", "id"]).execute();
  };
}
