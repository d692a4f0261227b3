import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26, the checkout's own migration (ADR 067): orders (one good each, its price fixed by the server when the
 * goods step is taken), the provider's messages about their payments (unique by provider and transaction id and
 * outcome, so a replayed postback changes nothing), promo codes and their redemptions.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("orders")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("public_id", "text", (col) => col.notNull().unique())
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("paying_code", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("step", "text", (col) => col.notNull())
      .addColumn("goods", "text", (col) => col.notNull())
      .addColumn("sku", "text", (col) => col.notNull())
      .addColumn("title_key", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("digital_content", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("item_type", "integer", (col) => col.notNull())
      .addColumn("months", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("renewable", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("method", "text")
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("list_gross_cents", "integer", (col) => col.notNull())
      .addColumn("discount_cents", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("net_cents", "integer", (col) => col.notNull())
      .addColumn("vat_cents", "integer", (col) => col.notNull())
      .addColumn("gross_cents", "integer", (col) => col.notNull())
      .addColumn("vat_rate_bp", "integer", (col) => col.notNull())
      .addColumn("vat_country", "text", (col) => col.notNull())
      .addColumn("reverse_charge", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("promo_code_id", "integer")
      .addColumn("customer", "text")
      .addColumn("evidence", "text")
      .addColumn("vat_id", "text")
      .addColumn("bank_iban", "text")
      .addColumn("bank_holder", "text")
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("digital_consent_at", "bigint")
      .addColumn("membership_id", "integer")
      .addColumn("provider", "text")
      .addColumn("provider_reference", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .addColumn("paid_at", "bigint")
      .addCheckConstraint(
        "orders_amounts",
        sql`gross_cents >= 0 and net_cents >= 0 and vat_cents >= 0 and gross_cents = net_cents + vat_cents`,
      )
      .execute();
    await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "id"]).execute();
    await db.schema.createIndex("orders_status").on("orders").columns(["status", "updated_at"]).execute();

    await db.schema
      .createTable("payment_transactions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id"))
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("provider_txn_id", "text", (col) => col.notNull())
      .addColumn("outcome", "text", (col) => col.notNull())
      .addColumn("method", "text")
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("payment_country", "text")
      .addColumn("raw", "text")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    // A provider's message about one transaction and outcome is taken once: a replay finds it and changes nothing.
    await db.schema
      .createIndex("payment_transactions_once")
      .on("payment_transactions")
      .columns(["provider", "provider_txn_id", "outcome"])
      .unique()
      .execute();
    await db.schema.createIndex("payment_transactions_order").on("payment_transactions").columns(["order_id", "id"]).execute();

    await db.schema
      .createTable("promo_codes")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("code", "text", (col) => col.notNull().unique())
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("value", "integer", (col) => col.notNull())
      .addColumn("goods", "text")
      .addColumn("valid_from", "bigint")
      .addColumn("valid_until", "bigint")
      .addColumn("max_redemptions", "integer")
      .addColumn("max_per_member", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("redemptions", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("created_by", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addCheckConstraint("promo_codes_value", sql`value > 0 and (kind <> 'percent' or value <= 100)`)
      .execute();

    await db.schema
      .createTable("promo_redemptions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("promo_code_id", "integer", (col) => col.notNull().references("promo_codes.id"))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("promo_redemptions_member").on("promo_redemptions").columns(["promo_code_id", "user_id"]).execute();
  };
}
