/**
 * Card renewals of fan subscriptions on both databases (ADR 094 addendum): the first card month's settlement keeps the
 * provider's rebill token on the subscription; at the period's end the renewal job makes one follow-up order of the
 * good "fans" and charges it through the fake provider — run twice, or twice at once, one order and one charge; a
 * refused charge ends the subscription and tells the fan and the creator once; a cancelled one is not charged.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAN_SUBSCRIPTION_STATUS } from "#server/contract/creators";
import { fanCardCents, fanCardSku, type FanTierList } from "#server/contract/fans";
import { USER_TYPE } from "#server/contract/users";
import { FAKE_FAILING_TOKEN_SUFFIX } from "#server/integrations/payments/fake";
import { renewDueSubscriptions } from "#server/modules/fans/index";
import { reconcileLedger } from "#server/modules/ledger/index";
import { settlePaymentEvent } from "#server/modules/payments/index";
import { dollarBalances } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const DAY = 86_400_000;

describe(`fan card renewals (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  /** A creator with one tier at `price` dollars a month; answers the tier's id. */
  async function tierOf(price: number) {
    const creator = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const list = await callJson<{ data: FanTierList }>(rt, creator.token, "POST", "/api/v2/fans/tiers", {
      name: "Gold",
      price,
      benefits: "",
    });
    expect(list.status).toBe(200);
    return { creator, tierId: list.json.data.tiers.at(-1)!.id };
  }

  /**
   * A fan's first card month as the checkout leaves it: an order of the good "fans" paid through the one settlement
   * path with the provider's rebill token (the fake provider's postback carries one). Answers the subscription.
   */
  async function paidCardMonth(tierId: number, price: number, token: string) {
    const fan = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const cents = fanCardCents(price);
    const orderRef = `ord_${randomBytes(8).toString("hex")}`;
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("orders")
      .values({
        public_id: orderRef,
        user_id: fan.id,
        kind: "normal",
        status: "paying",
        paying_code: 2,
        step: "vat",
        goods: "fans",
        sku: fanCardSku(tierId),
        item_type: 1,
        months: 1,
        renewable: 1,
        method: "CC",
        currency: "EUR",
        list_gross_cents: cents,
        discount_cents: 0,
        net_cents: Math.round(cents / 1.19),
        vat_cents: cents - Math.round(cents / 1.19),
        gross_cents: cents,
        vat_rate_bp: 1900,
        vat_country: "DE",
        reverse_charge: 0,
        promo_code_id: null,
        customer: JSON.stringify({ name: fan.username, street: "Hauptstr. 1", postal_code: "10115", city: "Berlin", country: "DE" }),
        evidence: JSON.stringify({ billing_country: "DE", ip_country: "DE", payment_country: "DE" }),
        language: "de",
        digital_consent_at: now,
        membership_id: null,
        provider: "fake",
        provider_reference: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
      })
      .execute();
    const settled = await settlePaymentEvent(rt.deps, {
      provider: "fake",
      providerTxnId: `txn_${orderRef}`,
      orderRef,
      outcome: "success",
      amountCents: cents,
      method: "CC",
      rebillToken: token,
    });
    expect(settled.orderStatus).toBe("paid");
    const row = await rt.deps.db.selectFrom("fan_subscriptions").selectAll().where("subscriber_id", "=", fan.id).executeTakeFirstOrThrow();
    return { fan, row };
  }

  const subscriptionOf = (id: number) =>
    rt.deps.db.selectFrom("fan_subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const renewalOrdersOf = (fanId: number) =>
    rt.deps.db
      .selectFrom("orders")
      .select(["id", "status", "kind", "gross_cents", "goods", "sku"])
      .where("user_id", "=", fanId)
      .where("kind", "=", "renewal")
      .orderBy("id")
      .execute();
  const eventsOf = (userId: number, subscriptionId: number) =>
    rt.deps.db
      .selectFrom("notifications")
      .select("event")
      .where("user_id", "=", userId)
      .where("subject_id", "=", subscriptionId)
      .orderBy("id")
      .execute()
      .then((rows) => rows.map((r) => r.event));

  it("keeps the stored payment, renews by a follow-up order once however often the job runs, and the next month again", async () => {
    const { creator, tierId } = await tierOf(10);
    const { fan, row } = await paidCardMonth(tierId, 10, `tok_${randomBytes(4).toString("hex")}`);
    expect(row).toMatchObject({ method: "card", payment_method: "CC", periods_paid: 1 });
    expect(row.payment_token).toMatch(/^tok_/);

    rt.clock.advance(32 * DAY);
    // Twice at once and once more after: one order, one charge, one period.
    await Promise.all([renewDueSubscriptions(rt.deps), renewDueSubscriptions(rt.deps)]);
    await renewDueSubscriptions(rt.deps);
    const renewed = await subscriptionOf(row.id);
    expect(renewed).toMatchObject({ periods_paid: 2, ended_at: null, status: FAN_SUBSCRIPTION_STATUS.running });
    // The next period starts where the paid one ended: no gap, no overlap.
    expect(Number(renewed.period_start)).toBe(Number(row.paid_until));
    const orders = await renewalOrdersOf(fan.id);
    expect(orders).toMatchObject([{ status: "paid", goods: "fans", sku: fanCardSku(tierId), gross_cents: fanCardCents(10) }]);
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 20 });
    expect(await dollarBalances(rt.deps, fan.id)).toMatchObject({ available: 0 });

    rt.clock.advance(31 * DAY);
    await renewDueSubscriptions(rt.deps);
    expect(await subscriptionOf(row.id)).toMatchObject({ periods_paid: 3, ended_at: null });
    expect(await renewalOrdersOf(fan.id)).toHaveLength(2);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  it("a refused card charge ends the subscription and tells the fan and the creator once; run again, nothing more", async () => {
    const { creator, tierId } = await tierOf(7);
    const { fan, row } = await paidCardMonth(tierId, 7, `tok_${randomBytes(4).toString("hex")}${FAKE_FAILING_TOKEN_SUFFIX}`);
    rt.clock.advance(32 * DAY);
    await renewDueSubscriptions(rt.deps);
    await renewDueSubscriptions(rt.deps);
    const ended = await subscriptionOf(row.id);
    expect(ended.ended_at).not.toBeNull();
    expect(ended.periods_paid).toBe(1);
    expect(await renewalOrdersOf(fan.id)).toMatchObject([{ status: "failed" }]);
    expect(await eventsOf(fan.id, row.id)).toEqual(["fan_renewal_failed"]);
    expect(await eventsOf(creator.id, row.id)).toEqual(expect.arrayContaining(["fan_subscription_lost"]));
    expect((await eventsOf(creator.id, row.id)).filter((e) => e === "fan_subscription_lost")).toHaveLength(1);
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 7 });
  });

  it("a cancelled card subscription is not charged: it ends at its period's end", async () => {
    const { tierId } = await tierOf(5);
    const { fan, row } = await paidCardMonth(tierId, 5, `tok_${randomBytes(4).toString("hex")}`);
    const cancelled = await callJson(rt, fan.token, "POST", `/api/v2/fans/subscriptions/${row.id}/cancel`);
    expect(cancelled.status).toBe(200);
    rt.clock.advance(32 * DAY);
    await renewDueSubscriptions(rt.deps);
    expect(Number((await subscriptionOf(row.id)).ended_at)).toBe(Number(row.paid_until));
    expect(await renewalOrdersOf(fan.id)).toHaveLength(0);
    expect(await eventsOf(fan.id, row.id)).toEqual(["fan_subscription_ended"]);
  });
});
