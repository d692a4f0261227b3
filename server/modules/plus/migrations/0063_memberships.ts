import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 26, the plus module's own migration (ADR 067): a member's plus contracts. The users row keeps is_member and
 * member_until, which the entitlements kernel reads (ADR 061); this module writes both in the same transaction as the
 * membership row, so they never disagree.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("memberships")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("package_id", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("renewable", "integer", (col) => col.notNull())
      .addColumn("months", "integer", (col) => col.notNull())
      .addColumn("price_cents", "integer", (col) => col.notNull())
      .addColumn("started_at", "bigint", (col) => col.notNull())
      .addColumn("first_term_end", "bigint", (col) => col.notNull())
      .addColumn("period_start", "bigint", (col) => col.notNull())
      .addColumn("period_end", "bigint", (col) => col.notNull())
      .addColumn("cancel_requested_at", "bigint")
      .addColumn("ends_at", "bigint")
      .addColumn("rebill_group", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("payment_method", "text")
      .addColumn("payment_token", "text")
      .addColumn("last_order_id", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("memberships_user").on("memberships").columns(["user_id", "id"]).execute();
    // The renewal run's query: running, renewing contracts by the end of their period.
    await db.schema.createIndex("memberships_due").on("memberships").columns(["status", "period_end"]).execute();
  };
}
