/**
 * Fan subscriptions through the real API on both databases (issue 28 item 3, ADR 094): tiers and their limits,
 * subscribing with dollars (insufficient, oneself, a non-creator, staff, twice), cancel and undo cancel, another
 * member's subscription id, the renewal job run twice and at once, a renewal the wallet cannot pay, the paid-access
 * rule while paid and after, the subscribers page's earnings.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettledOrder } from "#server/contract/billing";
import { FAN_SUBSCRIPTION_STATUS, FAN_TIERS_MAX } from "#server/contract/creators";
import {
  fanCardCents,
  fanCardSku,
  type FanCardChoice,
  type FanOffer,
  type FanSubscribeAnswer,
  type FanSubscribers,
  type FanSubscriptionItem,
  type FanSubscriptionList,
  type FanTierList,
} from "#server/contract/fans";
import { USER_TYPE } from "#server/contract/users";
import { openableMediaIds } from "#server/modules/access/index";
import { renewDueSubscriptions } from "#server/modules/fans/index";
import { dollarOperations, postOperation, reconcileLedger } from "#server/modules/ledger/index";
import { dollarBalances } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMemberWith, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors?: Array<{ key: string; source?: string; params?: Record<string, number> }>;
}

const DAY = 86_400_000;

describe(`fans (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);

  async function grant(memberId: number, amount: number) {
    const operation = dollarOperations.grant(memberId, amount);
    await postOperation(rt.deps, {
      key: `fans-grant-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 10)}`,
      kind: operation.kind,
      currency: "dollar",
      actorId: null,
      transfers: operation.transfers,
    });
  }
  const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });

  /** A creator with one tier at `price`; answers the creator and the tier's id. */
  async function creatorWithTier(price = 10) {
    const creator = await escort();
    const list = await api<{ data: FanTierList }>(creator.token, "POST", "/fans/tiers", { name: "Gold", price, benefits: "Alles" });
    expect(list.status).toBe(200);
    return { creator, tierId: list.json.data.tiers.at(-1)!.id };
  }
  const subscribe = (token: string, tierId: number) =>
    api<{ data: FanSubscribeAnswer }>(token, "POST", "/fans/subscriptions", { tier_id: tierId });

  async function fansMedium(ownerId: number): Promise<{ id: number; user_id: number; access: string }> {
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: ownerId,
        kind: "photo",
        visibility: "public",
        status: 1,
        storage_key: `fans-test/${++seq}`,
        mime_type: "image/jpeg",
        width: 800,
        height: 600,
        bytes: 1000,
        position: 0,
        created_at: rt.clock.now(),
        variant_widths: null,
        duration_ms: null,
        watermark: null,
        access: "fans",
        price: null,
        publish_at: null,
      })
      .returning(["id", "user_id", "access"])
      .executeTakeFirstOrThrow();
    return row;
  }
  const periodsOf = async (subscriptionId: number) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`select count(*) as n from fan_subscription_periods where subscription_id = ${subscriptionId}`.execute(rt.deps.db)
      ).rows[0]!.n,
    );
  const chargesOf = async (subscriptionId: number) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`select count(*) as n from ledger_operations where reference like ${`fans:${subscriptionId}:%`} and status = 'succeeded'`.execute(
          rt.deps.db,
        )
      ).rows[0]!.n,
    );

  it("tiers: price 1..100, name required, at most three, another creator's tier is 404, a client has none", async () => {
    const creator = await escort();
    const bad = await api(creator.token, "POST", "/fans/tiers", { name: "", price: 101, benefits: "" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors!.map((e) => e.key).sort()).toEqual(["exception.fans.price", "exception.fans.tier_name"]);
    expect((await api(creator.token, "POST", "/fans/tiers", { name: "Zero", price: 0 })).status).toBe(400);
    for (let i = 1; i <= FAN_TIERS_MAX; i++)
      expect((await api(creator.token, "POST", "/fans/tiers", { name: `T${i}`, price: i, benefits: "b" })).status).toBe(200);
    const full = await api(creator.token, "POST", "/fans/tiers", { name: "Four", price: 4 });
    expect(full.status).toBe(409);
    expect(full.json.errors![0]).toMatchObject({ key: "exception.fans.tiers_full", params: { max: FAN_TIERS_MAX } });
    const list = await api<{ data: FanTierList }>(creator.token, "GET", "/fans/tiers");
    expect(list.json.data.tiers.map((t) => t.position)).toEqual([1, 2, 3]);
    const other = await escort();
    const foreign = await api(other.token, "PUT", `/fans/tiers/${list.json.data.tiers[0]!.id}`, { name: "Mine", price: 5 });
    expect(foreign.status).toBe(404);
    const member = await client();
    expect((await api(member.token, "GET", "/fans/tiers")).status).toBe(403);
    expect((await api(member.token, "POST", "/fans/tiers", { name: "X", price: 5 })).status).toBe(403);
  });

  it("twenty tiers added at once: exactly three are made (the creator's lock counts them one after the other)", async () => {
    const creator = await escort();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api(creator.token, "POST", "/fans/tiers", { name: `P${i}`, price: 5 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(FAN_TIERS_MAX);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(20 - FAN_TIERS_MAX);
    const list = await api<{ data: FanTierList }>(creator.token, "GET", "/fans/tiers");
    expect(list.json.data.tiers.map((t) => t.position)).toEqual([1, 2, 3]);
  });

  it("twenty subscribe requests at once: one subscription, one charge", async () => {
    const { tierId } = await creatorWithTier(6);
    const fan = await client();
    await grant(fan.id, 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(fan.token, tierId)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ids = new Set(answers.map((a) => a.json.data.subscription.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.json.data.operation.replayed)).toHaveLength(1);
    expect(await chargesOf([...ids][0]!)).toBe(1);
    expect(await dollarBalances(rt.deps, fan.id)).toMatchObject({ available: 94 });
  });

  it("subscribing with dollars charges the first month once, opens the fans-only media, and a second request replays", async () => {
    const { creator, tierId } = await creatorWithTier(10);
    const fan = await client();
    await grant(fan.id, 25);
    const medium = await fansMedium(creator.id);
    const viewer = { id: fan.id, isStaff: false };
    expect((await openableMediaIds(rt.deps.db, viewer, [medium], rt.clock.now())).has(medium.id)).toBe(false);

    const first = await subscribe(fan.token, tierId);
    expect(first.status).toBe(200);
    expect(first.json.data.subscription).toMatchObject({
      status: FAN_SUBSCRIPTION_STATUS.running,
      price: 10,
      method: "dollars",
      active: true,
    });
    expect(first.json.data.operation).toMatchObject({ status: "succeeded", amount: 10, balance: 15, replayed: false });
    const again = await subscribe(fan.token, tierId);
    expect(again.status).toBe(200);
    expect(again.json.data.operation).toMatchObject({ replayed: true, balance: 15 });
    expect(again.json.data.subscription.id).toBe(first.json.data.subscription.id);
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 10 });
    expect(await chargesOf(first.json.data.subscription.id)).toBe(1);
    expect((await openableMediaIds(rt.deps.db, viewer, [medium], rt.clock.now())).has(medium.id)).toBe(true);

    const offer = await api<{ data: FanOffer }>(fan.token, "GET", `/fans/offer/${creator.username}`);
    expect(offer.json.data).toMatchObject({ may_subscribe: false, own: false });
    expect(offer.json.data.subscription!.id).toBe(first.json.data.subscription.id);
    const notified = await rt.deps.db
      .selectFrom("notifications")
      .select("event")
      .where("user_id", "=", creator.id)
      .where("event", "=", "fan_subscribed")
      .execute();
    expect(notified).toHaveLength(1);
  });

  it("refuses: too few dollars (402, nothing moved), oneself, a member who is no creator, a second tier of the same creator", async () => {
    const { creator, tierId } = await creatorWithTier(30);
    const poor = await client();
    await grant(poor.id, 5);
    const refused = await subscribe(poor.token, tierId);
    expect(refused.status).toBe(402);
    expect(refused.json.errors![0]).toMatchObject({ key: "exception.wallet.insufficient", params: { price: 30, balance: 5 } });
    expect(await dollarBalances(rt.deps, poor.id)).toMatchObject({ available: 5 });
    expect(await rt.deps.db.selectFrom("fan_subscriptions").select("id").where("subscriber_id", "=", poor.id).execute()).toHaveLength(0);

    const self = await subscribe(creator.token, tierId);
    expect(self.status).toBe(400);
    expect(self.json.errors![0]!.key).toBe("exception.fans.self");

    // A tier left behind by a member who is no creator (their type changed): not subscribable.
    const former = await client();
    const now = rt.clock.now();
    const { id: strayTier } = await rt.deps.db
      .insertInto("fan_tiers")
      .values({ creator_id: former.id, position: 1, name: "X", price: 5, benefits: "", is_active: 1, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const fan = await client();
    await grant(fan.id, 100);
    expect((await subscribe(fan.token, strayTier)).status).toBe(403);
    expect((await api(fan.token, "GET", `/fans/offer/${former.username}`)).status).toBe(404);

    const second = await api<{ data: FanTierList }>(creator.token, "POST", "/fans/tiers", { name: "Silver", price: 5 });
    expect((await subscribe(fan.token, tierId)).status).toBe(200);
    const other = await subscribe(fan.token, second.json.data.tiers.at(-1)!.id);
    expect(other.status).toBe(409);
    expect(other.json.errors![0]!.key).toBe("exception.fans.already_subscribed");
    expect((await subscribe(fan.token, 999_999)).status).toBe(404);
  });

  it("cancel and undo cancel until the period ends; another member's subscription id is 404 everywhere", async () => {
    const { tierId } = await creatorWithTier(10);
    const fan = await client();
    await grant(fan.id, 10);
    const id = (await subscribe(fan.token, tierId)).json.data.subscription.id;
    const stranger = await client();
    for (const [method, path] of [
      ["GET", `/fans/subscriptions/${id}`],
      ["POST", `/fans/subscriptions/${id}/cancel`],
      ["POST", `/fans/subscriptions/${id}/undo-cancel`],
    ] as const) {
      const answer = await api(stranger.token, method, path);
      expect(answer.status).toBe(404);
      expect(answer.json.errors![0]!.key).toBe("exception.fans.not_found");
    }
    expect((await api(fan.token, "POST", `/fans/subscriptions/${id}/undo-cancel`)).status).toBe(409);
    const cancelled = await api<{ data: FanSubscriptionItem }>(fan.token, "POST", `/fans/subscriptions/${id}/cancel`);
    expect(cancelled.json.data).toMatchObject({ status: FAN_SUBSCRIPTION_STATUS.cancel, status_name: "cancel", active: true });
    expect((await api(fan.token, "POST", `/fans/subscriptions/${id}/cancel`)).status).toBe(409);
    const undone = await api<{ data: FanSubscriptionItem }>(fan.token, "POST", `/fans/subscriptions/${id}/undo-cancel`);
    expect(undone.json.data).toMatchObject({ status: FAN_SUBSCRIPTION_STATUS.running, cancelled_at: null });
    await api(fan.token, "POST", `/fans/subscriptions/${id}/cancel`);

    // The period ends: the job ends it without a charge, and undo is too late.
    rt.clock.advance(32 * DAY);
    await renewDueSubscriptions(rt.deps);
    // A month later the access token (24 hours) has expired: sign in again.
    const { token } = await signIn(rt, fan);
    const after = await api<{ data: FanSubscriptionItem }>(token, "GET", `/fans/subscriptions/${id}`);
    expect(after.json.data).toMatchObject({ active: false, periods_paid: 1 });
    expect(after.json.data.ended_at).toBe(after.json.data.paid_until);
    expect(await chargesOf(id)).toBe(1);
    expect((await api(token, "POST", `/fans/subscriptions/${id}/undo-cancel`)).status).toBe(409);
    const mine = await api<{ data: FanSubscriptionList }>(token, "GET", "/fans/subscriptions");
    expect(mine.json.data.items.map((i) => i.id)).toContain(id);
  });

  it("the renewal job run twice charges each period once, and the next month again", async () => {
    const { creator, tierId } = await creatorWithTier(7);
    const fan = await client();
    await grant(fan.id, 100);
    const id = (await subscribe(fan.token, tierId)).json.data.subscription.id;
    const medium = await fansMedium(creator.id);
    rt.clock.advance(31 * DAY);
    // Due: the access rule closes until the renewal is paid.
    expect((await openableMediaIds(rt.deps.db, { id: fan.id, isStaff: false }, [medium], rt.clock.now())).size).toBe(0);
    const first = await renewDueSubscriptions(rt.deps);
    const second = await renewDueSubscriptions(rt.deps);
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    expect(second.renewed).toBe(0);
    expect(await periodsOf(id)).toBe(2);
    expect(await chargesOf(id)).toBe(2);
    expect(await dollarBalances(rt.deps, fan.id)).toMatchObject({ available: 86 });
    expect((await openableMediaIds(rt.deps.db, { id: fan.id, isStaff: false }, [medium], rt.clock.now())).size).toBe(1);
    rt.clock.advance(31 * DAY);
    await Promise.all([renewDueSubscriptions(rt.deps), renewDueSubscriptions(rt.deps)]);
    expect(await periodsOf(id)).toBe(3);
    expect(await chargesOf(id)).toBe(3);
    expect(await dollarBalances(rt.deps, fan.id)).toMatchObject({ available: 79 });
    const subscribers = await api<{ data: FanSubscribers }>((await signIn(rt, creator)).token, "GET", "/fans/subscribers");
    expect(subscribers.json.data.running).toBe(1);
    expect(subscribers.json.data.earnings.reduce((sum, m) => sum + m.amount, 0)).toBe(21);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  }, 60_000);

  it("many runs at once over many due subscriptions: every period charged exactly once", async () => {
    const { tierId } = await creatorWithTier(3);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const fan = await client();
      await grant(fan.id, 10);
      ids.push((await subscribe(fan.token, tierId)).json.data.subscription.id);
    }
    rt.clock.advance(31 * DAY);
    await Promise.all(Array.from({ length: 4 }, () => renewDueSubscriptions(rt.deps, { concurrency: 3 })));
    for (const id of ids) {
      expect(await periodsOf(id)).toBe(2);
      expect(await chargesOf(id)).toBe(2);
    }
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  }, 120_000);

  it("a renewal the wallet cannot pay ends the subscription and tells the fan and the creator, once", async () => {
    const { creator, tierId } = await creatorWithTier(10);
    const fan = await client();
    await grant(fan.id, 15);
    const id = (await subscribe(fan.token, tierId)).json.data.subscription.id;
    rt.clock.advance(31 * DAY);
    const run = await renewDueSubscriptions(rt.deps);
    expect(run.failed).toBeGreaterThanOrEqual(1);
    await renewDueSubscriptions(rt.deps);
    const { token } = await signIn(rt, fan);
    const after = await api<{ data: FanSubscriptionItem }>(token, "GET", `/fans/subscriptions/${id}`);
    expect(after.json.data).toMatchObject({ active: false, periods_paid: 1 });
    expect(after.json.data.ended_at).not.toBeNull();
    expect(await dollarBalances(rt.deps, fan.id)).toMatchObject({ available: 5 });
    expect(await chargesOf(id)).toBe(1);
    const events = await rt.deps.db
      .selectFrom("notifications")
      .select(["user_id", "event"])
      .where("subject_type", "=", "fan_subscription")
      .where("subject_id", "=", id)
      .where("event", "!=", "fan_subscribed")
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { user_id: fan.id, event: "fan_renewal_failed" },
      { user_id: creator.id, event: "fan_subscription_lost" },
    ]);
    // Ended, the fan may subscribe anew.
    await grant(fan.id, 5);
    expect((await subscribe(token, tierId)).status).toBe(200);
  }, 60_000);

  it("a creator who blocked the fan, or whose account is gone, or a fan whose account is gone: no further month, it ends", async () => {
    const { creator, tierId } = await creatorWithTier(4);
    const blockedFan = await client();
    const otherFan = await client();
    await grant(blockedFan.id, 20);
    await grant(otherFan.id, 20);
    const blockedId = (await subscribe(blockedFan.token, tierId)).json.data.subscription.id;
    await rt.deps.db
      .insertInto("blocks")
      .values({ blocker_id: creator.id, blocked_id: blockedFan.id, created_at: rt.clock.now() })
      .execute();
    const second = await creatorWithTier(4);
    const goneId = (await subscribe(otherFan.token, second.tierId)).json.data.subscription.id;
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", second.creator.id).execute();
    const leavingFan = await client();
    await grant(leavingFan.id, 20);
    const leftId = (await subscribe(leavingFan.token, tierId)).json.data.subscription.id;
    await rt.deps.db.updateTable("users").set({ status: "deleted" }).where("id", "=", leavingFan.id).execute();
    rt.clock.advance(31 * DAY);
    await renewDueSubscriptions(rt.deps);
    for (const id of [blockedId, goneId, leftId]) {
      const row = await rt.deps.db.selectFrom("fan_subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.ended_at).toBe(row.paid_until);
      expect(await chargesOf(id)).toBe(1);
    }
    expect(await dollarBalances(rt.deps, blockedFan.id)).toMatchObject({ available: 16 });
  });

  it("the offer: guests see the tiers but may not subscribe; the creator sees it as their own", async () => {
    const { creator } = await creatorWithTier(12);
    const guest = await api<{ data: FanOffer }>(undefined, "GET", `/fans/offer/${creator.username}`);
    expect(guest.status).toBe(200);
    expect(guest.json.data).toMatchObject({ may_subscribe: false, own: false, subscription: null });
    expect(guest.json.data.tiers[0]).toMatchObject({ name: "Gold", price: 12 });
    const own = await api<{ data: FanOffer }>(creator.token, "GET", `/fans/offer/${creator.username}`);
    expect(own.json.data).toMatchObject({ own: true, may_subscribe: false });
    expect((await api(undefined, "GET", "/fans/offer/nobody-here")).status).toBe(404);
  });

  describe("by card: the checkout's fans good", () => {
    const goods = () => rt.deps.features.goods.get("fans")!;
    let orderSeq = 0;
    const orderFor = (userId: number, tierId: number, cents: number): SettledOrder => ({
      id: 800_000 + ++orderSeq,
      public_id: `fans-test-${TEST_DB}-${orderSeq}`,
      user_id: userId,
      goods: "fans",
      sku: fanCardSku(tierId),
      kind: "normal",
      gross_cents: cents,
      membership_id: null,
      paid_at: rt.clock.now(),
    });
    const fulfil = (order: SettledOrder) => rt.deps.db.transaction().execute((trx) => goods().fulfil(trx, rt.deps, order));
    const chargeBack = (order: SettledOrder) =>
      rt.deps.db.transaction().execute((trx) => goods().revoke(trx, rt.deps, order, "chargeback"));
    const liveOf = (fanId: number) =>
      rt.deps.db
        .selectFrom("fan_subscriptions")
        .selectAll()
        .where("subscriber_id", "=", fanId)
        .where("ended_at", "is", null)
        .executeTakeFirst();

    it("the chosen tier is the checkout's offer; a paid order starts the subscription once, another adds a month, a chargeback ends it", async () => {
      const { creator, tierId } = await creatorWithTier(10);
      const fan = await client();
      expect(await goods().catalogue(rt.deps, fan.id)).toEqual([]);
      const chosen = await api<{ data: FanCardChoice }>(fan.token, "POST", "/fans/card-choice", { tier_id: tierId });
      expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
      expect(chosen.json.data).toEqual({ sku: fanCardSku(tierId), gross_cents: fanCardCents(10) });
      const offers = await goods().catalogue(rt.deps, fan.id);
      expect(offers).toMatchObject([{ goods: "fans", sku: fanCardSku(tierId), gross_cents: 190, months: 1, renewable: true }]);
      expect(await goods().quote(rt.deps, creator.id, fanCardSku(tierId))).toBeNull();

      const order = orderFor(fan.id, tierId, 190);
      await fulfil(order);
      await fulfil(order);
      const live = await liveOf(fan.id);
      expect(live).toMatchObject({ method: "card", periods_paid: 1, price: 10 });
      expect(await periodsOf(live!.id)).toBe(1);
      expect(await dollarBalances(rt.deps, fan.id)).toMatchObject({ available: 0 });
      expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 10 });
      const medium = await fansMedium(creator.id);
      expect((await openableMediaIds(rt.deps.db, { id: fan.id, isStaff: false }, [medium], rt.clock.now())).size).toBe(1);

      // A live card subscription of this tier: the next order adds a month to it.
      expect(await goods().quote(rt.deps, fan.id, fanCardSku(tierId))).not.toBeNull();
      const next = orderFor(fan.id, tierId, 190);
      await fulfil(next);
      const renewed = await liveOf(fan.id);
      expect(renewed).toMatchObject({ id: live!.id, periods_paid: 2 });
      expect(Number(renewed!.paid_until)).toBeGreaterThan(Number(live!.paid_until));
      expect(await chargesOf(live!.id)).toBe(2);

      await chargeBack(next);
      await chargeBack(next);
      expect(await liveOf(fan.id)).toBeUndefined();
      expect((await openableMediaIds(rt.deps.db, { id: fan.id, isStaff: false }, [medium], rt.clock.now())).size).toBe(0);
      expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
    });

    it("a card subscription without a stored payment (bought before card renewals) ends at its period's end and tells the fan; a dollar subscriber is not offered the card", async () => {
      const { tierId } = await creatorWithTier(5);
      const fan = await client();
      await fulfil(orderFor(fan.id, tierId, fanCardCents(5)));
      const id = (await liveOf(fan.id))!.id;
      rt.clock.advance(32 * DAY);
      await renewDueSubscriptions(rt.deps);
      const row = await rt.deps.db.selectFrom("fan_subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.ended_at).toBe(row.paid_until);
      expect(await chargesOf(id)).toBe(1);
      const told = await rt.deps.db
        .selectFrom("notifications")
        .select("event")
        .where("user_id", "=", fan.id)
        .where("subject_id", "=", id)
        .execute();
      expect(told.map((n) => n.event)).toEqual(["fan_subscription_ended"]);

      const other = await client();
      await grant(other.id, 5);
      const { token } = await signIn(rt, other);
      expect((await subscribe(token, tierId)).status).toBe(200);
      const refused = await api(token, "POST", "/fans/card-choice", { tier_id: tierId });
      expect(refused.status).toBe(409);
      expect(await goods().quote(rt.deps, other.id, fanCardSku(tierId))).toBeNull();
    });
  });
});
