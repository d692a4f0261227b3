/** The renewals module's tables (migration 0065, issue 26). Times epoch ms, money in euro cents. */
import type { Generated } from "kysely";

/**
 * One renewal of one membership period: `queued` (the scan found it due and enqueued its charge), `charging` (a worker
 * holds it), `waiting` (charged, the provider answers later by postback), `dunning` (a charge failed, the next retry is
 * scheduled), `paid`, `failed` (the last retry failed: the membership ended), `skipped` (the contract changed before the
 * charge: cancelled, preempted, charged back).
 */
export const RENEWAL_STATES = ["queued", "charging", "waiting", "dunning", "paid", "failed", "skipped"] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];

export interface RenewalsTable {
  id: Generated<number>;
  membership_id: number;
  user_id: number;
  /** The end of the period this renewal continues: unique with membership_id, so a period is charged at most once. */
  period_end: number;
  state: RenewalState;
  /** Charges tried so far (the first one and the dunning retries). */
  attempts: number;
  /** The order of the latest charge. */
  order_id: number | null;
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** The one-step rebill link (paywall/rebill/{token}): stored as a hash, single use, expiring, for one member. */
export interface RebillTokensTable {
  id: Generated<number>;
  token_hash: string;
  renewal_id: number;
  membership_id: number;
  user_id: number;
  /** The rebill group's offer when the link was made (renewals/offers.ts), so a later regrouping changes no mail. */
  rebill_group: number;
  created_at: number;
  expires_at: number;
  /** Taken by a payment in progress or done; released when the charge failed, so the member may try again. */
  used_at: number | null;
  /** A newer link replaced it, or the contract ended. */
  revoked_at: number | null;
}

/** What a charged-back membership order leaves to be reclaimed from the member (the dollar wallet issue processes it). */
export interface ReclaimsTable {
  id: Generated<number>;
  /** Unique: one reclaim per charged-back order. */
  order_id: number;
  user_id: number;
  membership_id: number | null;
  amount_cents: number;
  reason: "chargeback";
  status: "pending" | "done" | "waived";
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    renewals: RenewalsTable;
    rebill_tokens: RebillTokensTable;
    reclaims: ReclaimsTable;
  }
}
