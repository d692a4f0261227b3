/**
 * Rise-up promotion (issue 27 item 3, ADR 084) on both databases: a bought rise-up ranks the profile first in search
 * at once and no longer after RISE_UP_HOURS (the test clock moves), the newest of several first; it lifts the
 * client contact limits while it runs; plus brings free rise-ups a month (then it is paid); a client cannot buy one;
 * a retry with the key answers the first result; an empty wallet answers insufficient and nothing moves; another
 * member's promotion is not found. The ledger reconciles after all of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_CONTACTS_RECEIVED_PER_DAY } from "#server/contract/messenger";
import { PRICES } from "#server/contract/prices";
import type { PromotionItem, PromotionOverview, RiseUpAnswer } from "#server/contract/promotion";
import { USER_TYPE } from "#server/contract/users";
import { PLUS_FREE_RISE_UPS_PER_MONTH, RISE_UP_HOURS } from "#server/contract/wallet";
import { dollarOperations, reconcileLedger } from "#server/modules/ledger/index";
import { dollarBalances, spendDollars } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile, northOf } from "../../helpers/search-fixtures";

const HOUR = 60 * 60 * 1000;
const PRICE = PRICES.rise_up.amount;

describe(`rise-up promotion (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  const key = () => `riseup-${TEST_DB}-${++seq}-${Date.now()}`;

  /** A listed profile near `spot`, signed in, with `dollars` granted through the ledger. */
  async function provider(spot: { lat: number; lon: number }, options: { dollars?: number; plus?: boolean; userType?: number } = {}) {
    const user = await createProfile(rt, { point: spot, isMember: options.plus, userType: options.userType });
    if (options.dollars) {
      const granted = await spendDollars(rt.deps, {
        payer: user.id,
        key: `grant-${key()}`,
        operation: dollarOperations.grant(user.id, options.dollars),
      });
      expect(granted.status).toBe("succeeded");
    }
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    return { ...user, token };
  }

  const buy = (token: string, requestKey: string) =>
    callJson<{ data: RiseUpAnswer }>(rt, token, "POST", "/api/v2/promotions/rise-up", { key: requestKey });

  async function rankedIds(spot: { lat: number; lon: number }): Promise<number[]> {
    const answer = await callJson<{ data: Array<{ user_id: number }> }>(rt, undefined, "POST", "/api/v2/search/user-and-business", {
      filterquery: { location: { ...spot, radius: 5 } },
      sort: "top_ranking",
    });
    expect(answer.status).toBe(200);
    return answer.json.data.map((hit) => hit.user_id);
  }

  it("ranks the profile first in search at once, and no longer once RISE_UP_HOURS have passed", async () => {
    const spot = northOf(BERLIN, 300);
    const escort = await provider(spot, { dollars: 100 });
    // A plus rival registered later: without a rise-up she ranks above the escort (plus, and the newer id).
    const rival = await createProfile(rt, { point: spot, isMember: true });
    expect((await rankedIds(spot))[0]).toBe(rival.id);

    const bought = await buy(escort.token, key());
    expect(bought.status).toBe(200);
    expect(bought.json.data.operation).toMatchObject({ status: "succeeded", kind: "RISE_UP", amount: PRICE, balance: 100 - PRICE });
    expect(bought.json.data.promotion).toMatchObject({ type: "rise_up", status: "accepted", code: "paid", price: PRICE, running: true });
    expect(await rankedIds(spot)).toEqual([escort.id, rival.id]);

    rt.clock.advance(RISE_UP_HOURS * HOUR - 1);
    expect((await rankedIds(spot))[0]).toBe(escort.id);
    rt.clock.advance(1);
    expect(await rankedIds(spot)).toEqual([rival.id, escort.id]);
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(100 - PRICE);
  });

  it("ranks the newest of several running rise-ups first", async () => {
    const spot = northOf(BERLIN, 320);
    const first = await provider(spot, { dollars: PRICE });
    const second = await provider(spot, { dollars: PRICE });
    await createProfile(rt, { point: spot, isMember: true });
    expect((await buy(second.token, key())).json.data.operation.status).toBe("succeeded");
    rt.clock.advance(60_000);
    expect((await buy(first.token, key())).json.data.operation.status).toBe("succeeded");
    expect((await rankedIds(spot)).slice(0, 2)).toEqual([first.id, second.id]);
  });

  it("answers a retry with the key as the first time, refuses a second rise-up while one runs, and insufficient moves nothing", async () => {
    const spot = northOf(BERLIN, 340);
    const escort = await provider(spot, { dollars: PRICE + 5 });
    const requestKey = key();
    const first = await buy(escort.token, requestKey);
    const retry = await buy(escort.token, requestKey);
    expect(retry.status).toBe(200);
    expect(retry.json.data.promotion).toEqual(first.json.data.promotion);
    expect(retry.json.data.operation).toEqual({ ...first.json.data.operation, replayed: true });
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(5);

    const again = await buy(escort.token, key());
    expect(again.json.data.promotion).toMatchObject({ status: "rejected", code: "already_running", price: 0 });
    expect(again.json.data.operation).toMatchObject({ status: "failed", amount: 0, balance: 5 });

    rt.clock.advance(RISE_UP_HOURS * HOUR);
    const poorKey = key();
    const poor = await buy(escort.token, poorKey);
    expect(poor.json.data.promotion).toMatchObject({ status: "rejected", code: "insufficient" });
    expect(poor.json.data.operation).toMatchObject({ status: "insufficient", amount: 0, balance: 5, operation_id: null });
    // Dollars that arrive later do not turn the refused request into a purchase: its key answers the refusal.
    await spendDollars(rt.deps, { payer: escort.id, key: `grant-${key()}`, operation: dollarOperations.grant(escort.id, 100) });
    expect((await buy(escort.token, poorKey)).json.data.operation).toMatchObject({ status: "insufficient", replayed: true });
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(105);

    const overview = await callJson<{ data: PromotionOverview }>(rt, escort.token, "GET", "/api/v2/promotions");
    expect(overview.json.data.history.map((item) => item.code)).toEqual(["insufficient", "already_running", "paid"]);
    expect(overview.json.data.rise_up).toMatchObject({ running: null, band: "0-24", plus_free: false, free_left: 0 });
    expect(overview.json.data.balance).toBe(105);
  });

  it("gives a plus escort PLUS_FREE_RISE_UPS_PER_MONTH free rise-ups a month, then charges", async () => {
    const spot = northOf(BERLIN, 360);
    const escort = await provider(spot, { dollars: PRICE, plus: true });
    for (let i = 0; i < PLUS_FREE_RISE_UPS_PER_MONTH; i++) {
      const free = await buy(escort.token, key());
      expect(free.json.data.promotion).toMatchObject({ status: "accepted", code: "plus_free", price: 0 });
      expect(free.json.data.operation).toMatchObject({ status: "succeeded", amount: 0, operation_id: null, balance: PRICE });
      rt.clock.advance(RISE_UP_HOURS * HOUR);
    }
    const overview = await callJson<{ data: PromotionOverview }>(rt, escort.token, "GET", "/api/v2/promotions");
    expect(overview.json.data.rise_up).toMatchObject({ plus_free: true, free_left: 0, free_per_month: PLUS_FREE_RISE_UPS_PER_MONTH });
    const paid = await buy(escort.token, key());
    expect(paid.json.data.promotion).toMatchObject({ code: "paid", price: PRICE });
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(0);
  });

  it("lets a business buy one, refuses a client (403) and an unlisted profile", async () => {
    const business = await provider(northOf(BERLIN, 380), { dollars: PRICE, userType: USER_TYPE.business });
    expect((await buy(business.token, key())).json.data.operation.status).toBe("succeeded");

    const client = await provider(northOf(BERLIN, 380), { dollars: PRICE, userType: USER_TYPE.client });
    const refused = await buy(client.token, key());
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).toContain("exception.promotion.providers_only");
    expect((await dollarBalances(rt.deps, client.id)).available).toBe(PRICE);

    const hidden = await provider(northOf(BERLIN, 380), { dollars: PRICE });
    await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", hidden.id).execute();
    const unlisted = await buy(hidden.token, key());
    expect(unlisted.json.data.promotion).toMatchObject({ status: "rejected", code: "not_listed" });
    expect((await dollarBalances(rt.deps, hidden.id)).available).toBe(PRICE);
  });

  it("validates the key, asks for a login, and finds no other member's promotion", async () => {
    const owner = await provider(northOf(BERLIN, 400), { dollars: PRICE });
    const other = await provider(northOf(BERLIN, 400), { dollars: PRICE });
    for (const bad of [{}, { key: "short" }, { key: "x".repeat(65) }, { key: "with space 123" }, { key: 12345678 }]) {
      const answer = await callJson(rt, owner.token, "POST", "/api/v2/promotions/rise-up", bad);
      expect(answer.status).toBe(400);
    }
    expect((await callJson(rt, undefined, "POST", "/api/v2/promotions/rise-up", { key: key() })).status).toBe(401);
    expect((await callJson(rt, undefined, "GET", "/api/v2/promotions")).status).toBe(401);

    const ownerKey = key();
    const bought = await buy(owner.token, ownerKey);
    const id = bought.json.data.promotion.id;
    const own = await callJson<{ data: PromotionItem }>(rt, owner.token, "GET", `/api/v2/promotions/${id}`);
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ id, status: "accepted" });
    expect((await callJson(rt, other.token, "GET", `/api/v2/promotions/${id}`)).status).toBe(404);
    expect((await callJson(rt, owner.token, "GET", "/api/v2/promotions/abc")).status).toBe(404);
    // The owner's key sent by another member replays nothing of the owner's: the ledger refuses the reused key.
    const reused = await buy(other.token, ownerKey);
    expect(reused.status).toBe(409);
    expect((await dollarBalances(rt.deps, other.id)).available).toBe(PRICE);
  });

  it("lifts the escort's client contact limit while it runs (spec: no client contact limit for RISE_UP_HOURS)", async () => {
    const escort = await provider(northOf(BERLIN, 420), { dollars: PRICE });
    // Registered a year ago: not a "new escort", whose first contacts only plus clients may send.
    await rt.deps.db
      .updateTable("users")
      .set({ created_at: rt.clock.now() - 365 * 24 * HOUR })
      .where("id", "=", escort.id)
      .execute();
    const earlier = await createProfile(rt, { point: northOf(BERLIN, 420), userType: USER_TYPE.client });
    await rt.deps.db
      .insertInto("messenger_first_contacts")
      .values(
        Array.from({ length: FIRST_CONTACTS_RECEIVED_PER_DAY }, () => ({
          sender_id: earlier.id,
          recipient_id: escort.id,
          sender_plus: 0,
          created_at: rt.clock.now() - 1000,
        })),
      )
      .execute();
    const client = async () => {
      const user = await createProfile(rt, { point: northOf(BERLIN, 421), userType: USER_TYPE.client });
      return String((await login(rt, user.username, user.password)).body.access_token);
    };
    const send = async (token: string) =>
      callJson<{ errors?: Array<{ key: string }> }>(rt, token, "POST", `/api/v2/messenger/send/${escort.username}`, { body: "Hallo!" });

    const before = await send(await client());
    expect(before.status).toBe(403);
    expect(before.json.errors?.[0]?.key).toBe("exception.messenger.first_contact_overflow");
    expect((await buy(escort.token, key())).json.data.operation.status).toBe("succeeded");
    expect((await send(await client())).status).toBe(201);
    rt.clock.advance(RISE_UP_HOURS * HOUR);
    expect((await send(await client())).status).toBe(403);
  });

  it("keeps the ledger balanced", async () => {
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });
});
