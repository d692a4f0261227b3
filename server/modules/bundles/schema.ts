/** The bundles module's tables (migration 0081, issue 28, ADR 092). Times epoch ms, prices whole dollars. */
import type { Generated } from "kysely";

export interface BundlesTable {
  id: Generated<number>;
  creator_id: number;
  title: string;
  description: Generated<string>;
  /** BUNDLE_PRICE_MIN..BUNDLE_PRICE_MAX dollars. */
  price: number;
  /** contract/creators BUNDLE_STATUS: draft, pending (in the team's queue), accepted, rejected. */
  status: number;
  /** 0 after "deactivate": hidden from new buyers, still open to owners. */
  is_active: Generated<number>;
  /** contract/moderation rejection reason of a rejected bundle. */
  rejection_reason: string | null;
  /** The medium shown (blurred to non-owners) as the bundle's tile; null: its first item. */
  cover_media_id: number | null;
  created_at: number;
  updated_at: number;
  /** When the owner published it (sent it to the queue). */
  published_at: number | null;
  /** When the team accepted or rejected it. */
  decided_at: number | null;
  /** "delete": gone for everyone who does not own it; owners keep their purchase (issue 28 item 1). */
  deleted_at: number | null;
}

export interface BundleItemsTable {
  bundle_id: number;
  media_id: number;
  position: number;
}

/** One bought bundle: opens its media for the buyer for as long as the creator's account exists. */
export interface BundlePurchasesTable {
  id: Generated<number>;
  bundle_id: number;
  buyer_id: number;
  creator_id: number;
  price: number;
  operation_id: number;
  /** The ledger's key of the purchase: one key, one purchase. */
  idempotency_key: string;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    bundles: BundlesTable;
    bundle_items: BundleItemsTable;
    bundle_purchases: BundlePurchasesTable;
  }
}
