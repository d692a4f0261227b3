import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 28 (ADR 092): bundles of a creator's media (contract/creators BUNDLE_STATUS), the media they hold, and one row
 * per purchase, written in the transaction that posts the ledger operation. A purchase opens the bundle's media for as
 * long as the creator's account exists; deactivating a bundle hides it from new buyers, not from owners.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("bundles")
      .addColumn("id", "integer", idColumn(dialect))
      // References to users: the demo seed's reset (server/db/seed/reset.ts) finds these tables through them.
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("status", "integer", (col) => col.notNull())
      .addColumn("is_active", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("rejection_reason", "text")
      .addColumn("cover_media_id", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .addColumn("published_at", "bigint")
      .addColumn("decided_at", "bigint")
      .addColumn("deleted_at", "bigint")
      .execute();
    await db.schema.createIndex("bundles_creator").on("bundles").columns(["creator_id", "status"]).execute();
    await db.schema.createIndex("bundles_status").on("bundles").columns(["status", "published_at"]).execute();

    await db.schema
      .createTable("bundle_items")
      .addColumn("bundle_id", "integer", (col) => col.notNull().references("bundles.id"))
      // No reference to media: a medium deleted from the gallery leaves its row here (the bundle lists what exists).
      .addColumn("media_id", "integer", (col) => col.notNull())
      .addColumn("position", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("bundle_items_pk", ["bundle_id", "media_id"])
      .execute();
    await db.schema.createIndex("bundle_items_media").on("bundle_items").columns(["media_id"]).execute();

    await db.schema
      .createTable("bundle_purchases")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("bundle_id", "integer", (col) => col.notNull().references("bundles.id"))
      .addColumn("buyer_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id"))
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("operation_id", "integer", (col) => col.notNull())
      .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    // One purchase per buyer and bundle: a second buy is refused, never charged.
    await db.schema
      .createIndex("bundle_purchases_buyer_bundle")
      .unique()
      .on("bundle_purchases")
      .columns(["buyer_id", "bundle_id"])
      .execute();
    await db.schema.createIndex("bundle_purchases_creator").on("bundle_purchases").columns(["creator_id", "created_at"]).execute();
  };
}
