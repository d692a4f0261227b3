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

declare module "../../db/schema/index" {
  interface Database {
    medium_purchases: MediumPurchasesTable;
  }
}
