/** The fans module's tables (migrations 0082 and 0086, issue 28, ADR 094). Times epoch ms, prices whole dollars a month. */
import type { Generated } from "kysely";

/** One of a creator's up to FAN_TIERS_MAX offers. */
export interface FanTiersTable {
  id: Generated<number>;
  creator_id: number;
  /** 1..FAN_TIERS_MAX, the order shown. */
  position: number;
  name: string;
  price: number;
  /** What the creator promises, in their words. */
  benefits: Generated<string>;
  is_active: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface FanSubscriptionsTable {
  id: Generated<number>;
  subscriber_id: number;
  creator_id: number;
  tier_id: number;
  /** The tier's price when subscribed: a later price change applies from the next subscription, not to renewals. */
  price: number;
  /** contract/creators FAN_SUBSCRIPTION_STATUS: running (renews), cancel (ends at paid_until; undo until then). */
  status: number;
  /** "dollars" (the wallet) or "card" (the checkout's fans good). */
  method: string;
  period_start: number;
  /** Access to fans-only media lasts until here; the renewal job charges the next period when it comes. */
  paid_until: number;
  periods_paid: Generated<number>;
  created_at: number;
  cancelled_at: number | null;
  /** Set when the subscription ended (cancelled period over, or a renewal that could not be paid). */
  ended_at: number | null;
  /** A card subscription's stored payment (the provider's rebill token of its last paid order): renewals charge it. */
  payment_method: Generated<string | null>;
  payment_token: Generated<string | null>;
}

/** One paid period: unique per subscription and period_index, so a renewal that runs twice charges once. */
export interface FanSubscriptionPeriodsTable {
  id: Generated<number>;
  subscription_id: number;
  /** 1 for the first period, then one more per renewal. */
  period_index: number;
  amount: number;
  /** The ledger operation (dollars) or the checkout's order (card). */
  operation_id: number | null;
  order_id: number | null;
  idempotency_key: string;
  created_at: number;
}

/** The claim of one card period's follow-up order: unique per (subscription, period), so it is made and charged once. */
export interface FanCardRenewalsTable {
  id: Generated<number>;
  subscription_id: number;
  period_index: number;
  order_id: number;
  created_at: number;
}

/** The tier a member last chose to pay by card: the checkout's fans good offers it (one row per buyer). */
export interface FanCardChoicesTable {
  buyer_id: number;
  tier_id: number;
  chosen_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    fan_card_choices: FanCardChoicesTable;
    fan_card_renewals: FanCardRenewalsTable;
    fan_tiers: FanTiersTable;
    fan_subscriptions: FanSubscriptionsTable;
    fan_subscription_periods: FanSubscriptionPeriodsTable;
  }
}
