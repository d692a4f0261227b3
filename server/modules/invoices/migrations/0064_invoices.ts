import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26, the invoices module's own migration (ADR 067): invoices and credit notes (one table, one number series
 * per year, gapless: the counter row is taken in the transaction that writes the invoice), and the members' billing
 * details. Invoices keep their buyer's details as printed, so they survive the account's deletion (8 years, § 147 AO).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("invoice_counters")
      .addColumn("year", "integer", (col) => col.primaryKey())
      .addColumn("last_number", "integer", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("invoices")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("number", "text", (col) => col.notNull().unique())
      .addColumn("year", "integer", (col) => col.notNull())
      .addColumn("sequence", "integer", (col) => col.notNull())
      .addColumn("document", "text", (col) => col.notNull())
      .addColumn("corrects_invoice_id", "integer", (col) => col.references("invoices.id"))
      .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id"))
      .addColumn("user_id", "integer")
      .addColumn("item_type", "integer", (col) => col.notNull())
      .addColumn("invoice_type", "integer", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("description", "text", (col) => col.notNull())
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("net_cents", "integer", (col) => col.notNull())
      .addColumn("vat_cents", "integer", (col) => col.notNull())
      .addColumn("gross_cents", "integer", (col) => col.notNull())
      .addColumn("vat_rate_bp", "integer", (col) => col.notNull())
      .addColumn("vat_country", "text", (col) => col.notNull())
      .addColumn("reverse_charge", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("buyer", "text", (col) => col.notNull())
      .addColumn("service_start", "bigint")
      .addColumn("service_end", "bigint")
      .addColumn("payment_method", "text")
      .addColumn("payment_reference", "text", (col) => col.notNull())
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("reason", "text")
      .addColumn("issued_at", "bigint", (col) => col.notNull())
      .addColumn("retain_until", "bigint", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .addCheckConstraint("invoices_amounts", sql`gross_cents = net_cents + vat_cents`)
      .execute();
    await db.schema.createIndex("invoices_year_sequence").on("invoices").columns(["year", "sequence"]).unique().execute();
    await db.schema.createIndex("invoices_user").on("invoices").columns(["user_id", "id"]).execute();
    await db.schema.createIndex("invoices_order").on("invoices").columns(["order_id", "id"]).execute();
    await db.schema.createIndex("invoices_reference").on("invoices").column("payment_reference").execute();

    await db.schema
      .createTable("billing_infos")
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("company", "text")
      .addColumn("street", "text", (col) => col.notNull())
      .addColumn("postal_code", "text", (col) => col.notNull())
      .addColumn("city", "text", (col) => col.notNull())
      .addColumn("country", "text", (col) => col.notNull())
      .addColumn("email", "text", (col) => col.notNull())
      .addColumn("vat_id", "text")
      .addColumn("vat_id_status", "text")
      // The last VIES answer: when, and its request identifier (the proof of the check a tax audit asks for).
      .addColumn("vies_checked_at", "bigint")
      .addColumn("vies_request_id", "text")
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
  };
}
