/**
 * Renewing a card subscription (ADR 094 addendum): a follow-up order of the checkout's good "fans" for the next month
 * at the price the subscription started with, charged with the payment its last paid order stored, as plus renewals
 * charge theirs (payments' createFollowUpOrder and chargeStoredPayment). The paid order's delivery (./goods.ts) books
 * the month and its period row like the first one. A charge that fails ends the subscription and tells the fan and
 * the creator; one still under way leaves it due, and the next run asks again.
 *
 * Charged once however often the job runs: the order is made under the fan's lock together with its claim row, unique
 * per (subscription, period); a later run finds the claim and charges the same order again, which a provider answers
 * with the first charge (the order reference is the idempotency key), and a paid order moves the period on.
 */
import type { ApiDeps } from "../../api/types";
import { INVOICE_ITEM_TYPES, type PaymentMethod } from "../../contract/billing";
import { fanCardCents, fanCardSku, FAN_CARD_TITLE_KEY } from "../../contract/fans";
import { chargeStoredPayment, createFollowUpOrder, orderChargeOutcome, type StoredChargeOutcome } from "../payments/index";
import { lockFan, type SubscriptionRow } from "./service";

/** Where the fan lands who looks at a renewal's payment later (after the language). */
const returnPath = (subscriptionId: number) => `user/fans/${subscriptionId}`;

type Claim = { kind: "gone" } | { kind: "order"; orderId: number } | { kind: "no_source" };

/**
 * The period's order: the one an earlier run claimed, or a new one made with its claim in the same transaction (the
 * buyer, language and VAT decision of the subscription's newest paid card order).
 */
async function claimOrder(deps: ApiDeps, due: SubscriptionRow, period: number, isStillDue: (row: SubscriptionRow | undefined) => boolean) {
  return deps.db.transaction().execute(async (trx): Promise<Claim> => {
    await lockFan(trx, deps, due.subscriber_id);
    const row = await trx.selectFrom("fan_subscriptions").selectAll().where("id", "=", due.id).executeTakeFirst();
    if (!isStillDue(row) || row!.periods_paid !== period - 1) return { kind: "gone" };
    const claimed = await trx
      .selectFrom("fan_card_renewals")
      .select("order_id")
      .where("subscription_id", "=", due.id)
      .where("period_index", "=", period)
      .executeTakeFirst();
    if (claimed) return { kind: "order", orderId: claimed.order_id };
    const source = await trx
      .selectFrom("fan_subscription_periods")
      .innerJoin("orders", "orders.id", "fan_subscription_periods.order_id")
      .select([
        "orders.vat_rate_bp",
        "orders.reverse_charge",
        "orders.vat_country",
        "orders.customer",
        "orders.evidence",
        "orders.language",
        "orders.provider",
      ])
      .where("fan_subscription_periods.subscription_id", "=", due.id)
      .orderBy("fan_subscription_periods.period_index", "desc")
      .executeTakeFirst();
    if (!source) return { kind: "no_source" };
    const order = await createFollowUpOrder({ ...deps, db: trx }, source, {
      userId: due.subscriber_id,
      kind: "renewal",
      goods: "fans",
      sku: fanCardSku(due.tier_id),
      titleKey: FAN_CARD_TITLE_KEY,
      itemType: INVOICE_ITEM_TYPES.renewable_membership,
      months: 1,
      renewable: 1,
      // The price the subscription started with, at the card rate (ADR 094: a renewal never takes a later price).
      grossCents: fanCardCents(due.price),
      method: due.payment_method as PaymentMethod | null,
      membershipId: null,
      provider: source.provider,
    });
    await trx
      .insertInto("fan_card_renewals")
      .values({ subscription_id: due.id, period_index: period, order_id: order.orderId, created_at: deps.clock.now() })
      .execute();
    return { kind: "order", orderId: order.orderId };
  });
}

/**
 * Charges the next month of a due card subscription. Answers "paid" (the delivery moved the period on), "failed" (the
 * caller ends the subscription), "paying" (a postback will tell) or "gone" (another run got there first).
 */
export async function chargeCardPeriod(
  deps: ApiDeps,
  due: SubscriptionRow,
  period: number,
  isStillDue: (row: SubscriptionRow | undefined) => boolean,
): Promise<StoredChargeOutcome | "gone"> {
  const claim = await claimOrder(deps, due, period, isStillDue);
  if (claim.kind === "gone") return "gone";
  if (claim.kind === "no_source") return "failed";
  const known = await orderChargeOutcome(deps, claim.orderId);
  if (known !== "paying") return known;
  return chargeStoredPayment(deps, {
    orderId: claim.orderId,
    method: due.payment_method as PaymentMethod | null,
    token: due.payment_token,
    returnPath: returnPath(due.id),
  });
}
