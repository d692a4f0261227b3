/**
 * The creator media module's table (migration 0080, issue 28, ADR 093); the columns it adds to `media` (access, price,
 * publish_at) are in server/db/schema/profiles.ts MediaTable. Times epoch ms, prices whole dollars.
 */
import type { Generated } from "kysely";

/** One bought pay-per-view medium ("buy-puzzle-medium"): opens it for the buyer for as long as the creator's account exists. */
export interface MediumPurchasesTable {
  id: Generated<number>;
  medium_id: number;
  buyer_id: number;
  creator_id: number;
  price: number;
  operation_id: number;
  /** The ledger's key of the purchase: one key, one purchase. */
  idempotency_key: string;
  created_at: number;
}

/** A creator's defaults for new media (content-create-setup/price); no row: PPV_PRICE_MIN, not fans-only. */
export interface CreatorMediaSettingsTable {
  user_id: number;
  /** Whole dollars, PPV_PRICE_MIN..PPV_PRICE_MAX: offered when a medium becomes ppv. */
  default_price: number;
  /** 1: media uploaded through content-create start fans-only. */
  fans_only_default: Generated<number>;
  updated_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    medium_purchases: MediumPurchasesTable;
    creator_media_settings: CreatorMediaSettingsTable;
  }
}
