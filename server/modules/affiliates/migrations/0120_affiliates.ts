import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 32 item 6 (ADR 135): affiliate initiators. A partner (created by the team) with its code; the binding of a
 * referred member to one partner (user_id unique: bound once, never re-bound); and the credits, one per member and
 * kind (the unique key makes a retried or concurrent sign-up or payment credit once).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("affiliates")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("code", "text", (col) => col.notNull().unique())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("email_key", "text", (col) => col.notNull())
      .addColumn("email", "text", (col) => col.notNull())
      .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("created_by", "integer", (col) => col.references("users.id"))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("affiliate_referrals")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("affiliate_id", "integer", (col) => col.notNull().references("affiliates.id"))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("affiliate_credits")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("affiliate_id", "integer", (col) => col.notNull().references("affiliates.id"))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("order_id", "integer", (col) => col.references("orders.id"))
      .addColumn("amount_cents", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addUniqueConstraint("affiliate_credits_once", ["user_id", "kind"])
      .execute();
    await db.schema.createIndex("affiliate_credits_report").on("affiliate_credits").columns(["affiliate_id", "created_at"]).execute();
  };
}
