/**
 * Paying a fan month by card: the checkout's goods "fans" (issue 28 item 3, ADR 094). The member picks a tier on the
 * confirmation page (POST /fans/card-choice, remembered in fan_card_choices as gifts remember their recipient), the
 * checkout offers that tier's month at fanCardCents (the smallest dollar package's rate), and the paid order's
 * delivery — once per order, inside the checkout's transaction — buys the month's dollars for the fan
 * (dollarOperations.purchase, key fans-order:<order>:purchase) and passes them to the creator like a dollar period
 * (creatorSale under fans:<subscription>:<period>): it starts a subscription (method "card") or, when the fan has a
 * live one to the creator, adds a month to it. The subscription keeps the order's stored payment (the provider's
 * rebill token): at its period's end the renewal job charges the next month by a follow-up order of this good
 * (./card-renewals.ts), delivered here like the first.
 *
 * Taken back (refund, chargeback, withdrawal): the subscription ends now, and the dollars the order bought — already
 * the creator's — are booked as the platform's loss, as the dollar good does with dollars that reached a creator.
 */
import type { Transaction } from "kysely";
import { ApiError, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { INVOICE_ITEM_TYPES, type GoodsQuote, type SettledOrder } from "../../contract/billing";
import { FAN_SUBSCRIPTION_STATUS } from "../../contract/creators";
import {
  FAN_CARD_TITLE_KEY,
  FAN_ERRORS,
  fanCardCents,
  fanCardDollars,
  fanCardSku,
  fanPeriodKey,
  parseFanCardSku,
  type FanCardChoice,
  type FanPaymentMethod,
} from "../../contract/fans";
import type { Database } from "../../db/schema";
import { dollarOperations, postOperationIn } from "../ledger/index";
import type { GoodsHandler } from "../manifest";
import { afterCommit } from "../../db/after-commit";
import { notify, publishNotificationHints } from "../notifications/index";
import { notifyWalletAfterCommit } from "../wallet/index";
import { liveSubscription, lockFan, periodEnd, recordPeriod, subscribableTier, type SubscriptionRow } from "./service";

/**
 * The month of a tier this buyer may pay by card, or null: the tier must be subscribable for them (active, a creator
 * they may see, not their own), and a live subscription to the creator must be a card one of this tier (then the
 * order adds a month to it): a dollar subscription renews from the wallet.
 */
async function quoteFor(deps: ApiDeps, buyerId: number, tierId: number): Promise<GoodsQuote | null> {
  let tier;
  try {
    tier = await subscribableTier(deps, buyerId, tierId);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  const live = await liveSubscription(deps.db, buyerId, tier.creator_id);
  if (live && (live.method !== "card" || live.tier_id !== tier.id)) return null;
  return {
    goods: "fans",
    sku: fanCardSku(tier.id),
    gross_cents: fanCardCents(tier.price),
    // A month that renews by card until cancelled (ADR 094 addendum): a renewable subscription on the invoice.
    item_type: INVOICE_ITEM_TYPES.renewable_membership,
    renewable: true,
    months: 1,
    title_key: FAN_CARD_TITLE_KEY,
    // Access to the fans-only media starts at once: the withdrawal right lapses only with the buyer's consent.
    digital_content: true,
  };
}

/** POST /fans/card-choice: remembers the tier (checked as the checkout will check it) and answers its sku and price. */
export async function chooseCardTier(deps: ApiDeps, buyerId: number, tierId: number): Promise<FanCardChoice> {
  await subscribableTier(deps, buyerId, tierId);
  const quote = await quoteFor(deps, buyerId, tierId);
  if (!quote) throw fail.conflict(FAN_ERRORS.alreadySubscribed, "tier_id");
  const now = deps.clock.now();
  await deps.db
    .insertInto("fan_card_choices")
    .values({ buyer_id: buyerId, tier_id: tierId, chosen_at: now })
    .onConflict((oc) => oc.column("buyer_id").doUpdateSet({ tier_id: tierId, chosen_at: now }))
    .execute();
  return { sku: quote.sku, gross_cents: quote.gross_cents };
}

/** The ledger keys of one order's movements: the same order always posts under the same keys. */
const orderKey = (order: SettledOrder, step: string) => `fans-order:${order.id}:${step}`;

async function deliver(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder): Promise<void> {
  const tierId = parseFanCardSku(order.sku);
  const tier = tierId === null ? undefined : await trx.selectFrom("fan_tiers").selectAll().where("id", "=", tierId).executeTakeFirst();
  if (!tier) throw new Error(`fans order ${order.id}: unknown tier ${order.sku}`);
  const buyer = order.user_id;
  await lockFan(trx, deps, buyer);
  // One delivery per order, however often it is asked for.
  const delivered = await trx.selectFrom("fan_subscription_periods").select("id").where("order_id", "=", order.id).executeTakeFirst();
  if (delivered) return;
  const dollars = fanCardDollars(order.gross_cents);
  const purchase = dollarOperations.purchase(buyer, dollars);
  await postOperationIn(trx, deps, {
    key: orderKey(order, "purchase"),
    kind: purchase.kind,
    currency: "dollar",
    actorId: buyer,
    reference: `order:${order.public_id}`,
    transfers: purchase.transfers,
  });
  const now = order.paid_at;
  let row: SubscriptionRow | undefined = await liveSubscription(trx, buyer, tier.creator_id);
  let period: number;
  if (row) {
    period = row.periods_paid + 1;
    // The newest payment is the one the next renewal charges.
    if (order.rebill_token)
      await trx
        .updateTable("fan_subscriptions")
        .set({ payment_method: order.method ?? null, payment_token: order.rebill_token })
        .where("id", "=", row.id)
        .execute();
  } else {
    const values = {
      subscriber_id: buyer,
      creator_id: tier.creator_id,
      tier_id: tier.id,
      price: tier.price,
      status: FAN_SUBSCRIPTION_STATUS.running,
      method: "card" satisfies FanPaymentMethod,
      period_start: now,
      paid_until: periodEnd(now),
      periods_paid: 1,
      created_at: now,
      cancelled_at: null,
      ended_at: null,
      payment_method: order.rebill_token ? (order.method ?? null) : null,
      payment_token: order.rebill_token ?? null,
    };
    const { id } = await trx.insertInto("fan_subscriptions").values(values).returning("id").executeTakeFirstOrThrow();
    row = { ...values, id };
    period = 1;
  }
  const key = fanPeriodKey(row.id, period);
  const sale = dollarOperations.creatorSale(buyer, tier.creator_id, dollars);
  const posted = await postOperationIn(trx, deps, {
    key,
    kind: sale.kind,
    currency: "dollar",
    actorId: buyer,
    reference: key,
    transfers: sale.transfers,
  });
  await recordPeriod(trx, row, period, { operationId: posted.operationId, orderId: order.id, amount: dollars }, deps.clock.now());
  if (period === 1) {
    const hints = await notify(deps, trx, {
      userId: tier.creator_id,
      event: "fan_subscribed",
      actorId: buyer,
      subject: { type: "fan_subscription", id: row.id },
      params: { tier: tier.name, amount: String(dollars) },
      url: "user/fan_subscribers",
    });
    afterCommit(trx, () => publishNotificationHints(deps, hints));
  }
  notifyWalletAfterCommit(trx, deps, buyer);
  notifyWalletAfterCommit(trx, deps, tier.creator_id);
  await trx.deleteFrom("fan_card_choices").where("buyer_id", "=", buyer).execute();
}

async function takeBack(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder): Promise<void> {
  const period = await trx.selectFrom("fan_subscription_periods").selectAll().where("order_id", "=", order.id).executeTakeFirst();
  if (!period) return;
  const now = deps.clock.now();
  // The access this order paid for ends now (a live subscription; an ended one stays as it ended).
  await trx
    .updateTable("fan_subscriptions")
    .set({ ended_at: now })
    .where("id", "=", period.subscription_id)
    .where("ended_at", "is", null)
    .execute();
  const loss = dollarOperations.chargebackLoss(period.amount);
  await postOperationIn(trx, deps, {
    key: orderKey(order, "loss"),
    kind: loss.kind,
    currency: "dollar",
    actorId: null,
    reference: `order:${order.public_id}`,
    transfers: loss.transfers,
  });
}

export const fansGoods: GoodsHandler = {
  async catalogue(deps, buyerId) {
    const choice = await deps.db.selectFrom("fan_card_choices").select("tier_id").where("buyer_id", "=", buyerId).executeTakeFirst();
    if (!choice) return [];
    const quote = await quoteFor(deps, buyerId, choice.tier_id);
    return quote ? [quote] : [];
  },

  async quote(deps, buyerId, sku) {
    const tierId = parseFanCardSku(sku);
    return tierId === null ? null : quoteFor(deps, buyerId, tierId);
  },

  fulfil: deliver,

  async revoke(trx, deps, order) {
    await takeBack(trx, deps, order);
  },
};
