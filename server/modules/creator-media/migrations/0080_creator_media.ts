import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 28 (ADR 093): what opening a medium takes beyond its visibility — `access` open, fans or ppv (contract/creators
 * MEDIUM_ACCESS), a pay-per-view price in whole dollars, and a scheduled publication time (null: published when accepted).
 * `medium_purchases` is one row per bought pay-per-view medium, written in the transaction that posts the ledger operation.
 * `creator_media_settings` holds a creator's defaults for new media (content-create-setup/price).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("media")
      .addColumn("access", "text", (col) => col.notNull().defaultTo("open"))
      .execute();
    await db.schema.alterTable("media").addColumn("price", "integer").execute();
    await db.schema.alterTable("media").addColumn("publish_at", "bigint").execute();
    // The newsfeed and the profile's exclusive filter read a creator's paid media by access.
    await db.schema.createIndex("media_user_access").on("media").columns(["user_id", "access"]).execute();

    await db.schema
      .createTable("medium_purchases")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("medium_id", "integer", (col) => col.notNull())
      // The members and the ledger operation by foreign key (the demo seed's reset finds the table through them); the
      // medium by id only: a purchase stays in the record when its medium is deleted.
      .addColumn("buyer_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("operation_id", "integer", (col) => col.notNull().references("ledger_operations.id"))
      .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    // One purchase per buyer and medium: a second buy is refused, never charged.
    await db.schema
      .createIndex("medium_purchases_buyer_medium")
      .unique()
      .on("medium_purchases")
      .columns(["buyer_id", "medium_id"])
      .execute();
    await db.schema.createIndex("medium_purchases_creator").on("medium_purchases").columns(["creator_id", "created_at"]).execute();

    // content-create-setup/price: a creator's default ppv price and whether new media start fans-only.
    await db.schema
      .createTable("creator_media_settings")
      .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id"))
      .addColumn("default_price", "integer", (col) => col.notNull())
      .addColumn("fans_only_default", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
  };
}
