import { sql, type Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 28 (ADR 094): a creator's fan tiers (up to FAN_TIERS_MAX, a monthly price and benefits they write), the fans'
 * subscriptions (FAN_SUBSCRIPTION_STATUS running 3, cancel 4) and one row per paid period, unique per subscription and
 * period: the renewal job may run twice, a period is charged once. The references to users let the demo seed's reset
 * find these tables (server/db/seed/reset.ts).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("fan_tiers")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("position", "integer", (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("benefits", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("is_active", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("fan_tiers_creator").on("fan_tiers").columns(["creator_id", "position"]).execute();

    await db.schema
      .createTable("fan_subscriptions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("subscriber_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("tier_id", "integer", (col) => col.notNull().references("fan_tiers.id"))
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("status", "integer", (col) => col.notNull())
      // How the periods are paid: "dollars" from the wallet, "card" through the checkout's fans good.
      .addColumn("method", "text", (col) => col.notNull())
      .addColumn("period_start", "bigint", (col) => col.notNull())
      .addColumn("paid_until", "bigint", (col) => col.notNull())
      .addColumn("periods_paid", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("cancelled_at", "bigint")
      .addColumn("ended_at", "bigint")
      .execute();
    // One live subscription per fan and creator; ended ones stay as the record.
    await db.schema
      .createIndex("fan_subscriptions_live")
      .unique()
      .on("fan_subscriptions")
      .columns(["subscriber_id", "creator_id"])
      .where(sql.ref("ended_at"), "is", null)
      .execute();
    await db.schema.createIndex("fan_subscriptions_creator").on("fan_subscriptions").columns(["creator_id", "status"]).execute();
    await db.schema.createIndex("fan_subscriptions_due").on("fan_subscriptions").columns(["paid_until"]).execute();

    await db.schema
      .createTable("fan_subscription_periods")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("subscription_id", "integer", (col) => col.notNull().references("fan_subscriptions.id"))
      .addColumn("period_index", "integer", (col) => col.notNull())
      .addColumn("amount", "integer", (col) => col.notNull())
      .addColumn("operation_id", "integer")
      .addColumn("order_id", "integer")
      .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    // The tier a member chose to pay by card (the checkout's fans good lists it, as gifts remember their recipient).
    await db.schema
      .createTable("fan_card_choices")
      .addColumn("buyer_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("tier_id", "integer", (col) => col.notNull().references("fan_tiers.id"))
      .addColumn("chosen_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createIndex("fan_subscription_periods_once")
      .unique()
      .on("fan_subscription_periods")
      .columns(["subscription_id", "period_index"])
      .execute();
  };
}
