import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 28 leftovers (ADR 094 addendum): a card subscription renews by a follow-up order charged with the stored
 * payment. The subscription keeps the provider's rebill token and method of its last paid order; one
 * `fan_card_renewals` row per (subscription, period) is the claim of that period's order, so a renewal job that runs
 * twice, or in two processes, makes one order and charges it once (a provider answers a repeated charge under the same
 * order reference with the first one).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("fan_subscriptions").addColumn("payment_method", "text").execute();
    await db.schema.alterTable("fan_subscriptions").addColumn("payment_token", "text").execute();
    await db.schema
      .createTable("fan_card_renewals")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("subscription_id", "integer", (col) => col.notNull().references("fan_subscriptions.id"))
      .addColumn("period_index", "integer", (col) => col.notNull())
      .addColumn("order_id", "integer", (col) => col.notNull().unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("fan_card_renewals_once")
      .unique()
      .on("fan_card_renewals")
      .columns(["subscription_id", "period_index"])
      .execute();
  };
}
