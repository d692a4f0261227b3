import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26 item 3, the bank module's own migration (ADR 067, 079): SEPA direct-debit mandates and their collections,
 * the SEPA files built for the operator's bank (pain.008 collections, pain.001 transfers), the transfers the platform
 * owes (refunds the law requires by bank transfer), and the lines of imported camt.053/054 statements — unique by the
 * bank's reference, so a statement imported twice changes nothing.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("sepa_mandates")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("reference", "text", (col) => col.notNull().unique())
      .addColumn("iban", "text", (col) => col.notNull())
      .addColumn("bic", "text")
      .addColumn("holder", "text", (col) => col.notNull())
      .addColumn("creditor_id", "text", (col) => col.notNull())
      .addColumn("signed_at", "bigint", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
      .addColumn("first_collected_at", "bigint")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("sepa_mandates_user").on("sepa_mandates").columns(["user_id", "id"]).execute();

    await db.schema
      .createTable("bank_files")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("format", "text", (col) => col.notNull())
      .addColumn("message_id", "text", (col) => col.notNull().unique())
      .addColumn("due_date", "text", (col) => col.notNull())
      .addColumn("transactions", "integer", (col) => col.notNull())
      .addColumn("control_sum_cents", "bigint", (col) => col.notNull())
      .addColumn("xml", "text", (col) => col.notNull())
      .addColumn("created_by", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("sepa_collections")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("order_id", "integer", (col) => col.notNull().unique().references("orders.id"))
      .addColumn("mandate_id", "integer", (col) => col.notNull().references("sepa_mandates.id"))
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("due_date", "text", (col) => col.notNull())
      .addColumn("sequence_type", "text", (col) => col.notNull())
      .addColumn("end_to_end_id", "text", (col) => col.notNull().unique())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("prenotified_at", "bigint")
      .addColumn("file_id", "integer", (col) => col.references("bank_files.id"))
      .addColumn("return_reason", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .addCheckConstraint("sepa_collections_amount", sql`amount_cents > 0`)
      .execute();
    await db.schema.createIndex("sepa_collections_due").on("sepa_collections").columns(["status", "due_date"]).execute();

    await db.schema
      .createTable("bank_transfers")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("order_id", "integer", (col) => col.references("orders.id"))
      .addColumn("user_id", "integer")
      .addColumn("iban", "text", (col) => col.notNull())
      .addColumn("bic", "text")
      .addColumn("holder", "text", (col) => col.notNull())
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("remittance", "text", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("end_to_end_id", "text", (col) => col.notNull().unique())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("file_id", "integer", (col) => col.references("bank_files.id"))
      .addColumn("created_by", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addCheckConstraint("bank_transfers_amount", sql`amount_cents > 0`)
      .execute();
    await db.schema.createIndex("bank_transfers_status").on("bank_transfers").columns(["status", "id"]).execute();

    await db.schema
      .createTable("bank_lines")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("bank_reference", "text", (col) => col.notNull().unique())
      .addColumn("statement_id", "text", (col) => col.notNull())
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("booked_at", "bigint", (col) => col.notNull())
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("debtor_name", "text")
      .addColumn("debtor_iban", "text")
      .addColumn("remittance", "text")
      .addColumn("end_to_end_id", "text")
      .addColumn("return_reason", "text")
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("order_id", "integer", (col) => col.references("orders.id"))
      .addColumn("imported_by", "integer")
      .addColumn("assigned_by", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("bank_lines_status").on("bank_lines").columns(["status", "booked_at"]).execute();
    await db.schema.createIndex("bank_lines_order").on("bank_lines").columns(["order_id"]).execute();
  };
}
