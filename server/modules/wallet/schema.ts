/** The wallet module's tables (migration 0069, issue 27, ADR 081). Times epoch ms. No money: that is the ledger's. */
import type { Generated } from "kysely";

/** A member's auto-recharge opt-in (no row: off) and the package it buys at least. */
export interface WalletPreferencesTable {
  user_id: number;
  auto_recharge: number;
  auto_recharge_sku: string;
  updated_at: number;
}

/**
 * One auto recharge the wallet started for a spend that found too little: the spend's ledger key (unique: a retry
 * starts none), the package, its order once created, and the outcome (contract/wallet AUTO_RECHARGE_OUTCOMES minus
 * the refusals, which leave no row). AUTO_RECHARGE_MONTHLY_MAX counts these rows per calendar month.
 */
export interface WalletRechargesTable {
  id: Generated<number>;
  user_id: number;
  spend_key: string;
  sku: string;
  order_id: number | null;
  outcome: string;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    wallet_preferences: WalletPreferencesTable;
    wallet_recharges: WalletRechargesTable;
  }
}
