/**
 * The wallet through the real API on both databases (issue 27 items 2 and 6, ADR 081): balances and packages, the
 * history (newest first, signed amounts, balance after, filters by kind and month, pages), the CSV (BOM, separator per
 * language, no formulas), the operation look-up by key (the viewer's own only), user/data's balance, the live event
 * after a spend, and auto recharge (opt-in, stored payment, the retry under a derived key, the monthly limit).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealtimeEnvelope } from "#server/contract/realtime";
import type { UserDataResponse } from "#server/contract/user-data";
import {
  AUTO_RECHARGE_MONTHLY_MAX,
  DOLLAR_HISTORY_PAGE_SIZE,
  DOLLAR_PACKAGES,
  type DollarHistoryPage,
  type DollarWallet,
  type WalletOperationState,
} from "#server/contract/wallet";
import { dollarOperations, postOperation, reconcileLedger } from "#server/modules/ledger/index";
import { afterRechargeKey, spendDollars } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { contract } from "../renewals/fixtures";

type Data<T> = { data: T };

describe(`the wallet (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let base: number;
  beforeAll(async () => {
    rt = await createTestRuntime();
    base = rt.clock.now();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  const key = (what: string) => `${what}-${TEST_DB}-${++seq}-${base}`;
  const member = async () => signIn(rt, await createUser(rt));
  const grant = (userId: number, amount: number, reference: string | null = null) =>
    postOperation(rt.deps, { key: key("grant"), currency: "dollar", actorId: null, reference, ...dollarOperations.grant(userId, amount) });
  const spend = (payer: number, amount: number, spendKey = key("spend")) =>
    spendDollars(rt.deps, { payer, key: spendKey, operation: dollarOperations.spend(payer, amount, "CONSUME"), reference: "profile:45" });

  const wallet = async (token: string) => (await callJson<Data<DollarWallet>>(rt, token, "GET", "/api/v2/wallets/dollar")).json.data;
  const history = async (token: string, query = "") => {
    const answer = await callJson<Data<DollarHistoryPage>>(rt, token, "GET", `/api/v2/wallets/history${query}`);
    expect(answer.status).toBe(200);
    return answer.json.data;
  };

  it("answers a fresh member's empty wallet, the packages and the auto-recharge setting; guests get 401", async () => {
    const fresh = await member();
    const answer = await wallet(fresh.token);
    expect(answer.balances).toEqual({ available: 0, pending: 0, frozen: 0, in_payout: 0 });
    expect(answer.packages).toEqual(DOLLAR_PACKAGES.map((p) => ({ sku: p.sku, dollars: p.dollars, price_cents: p.priceCents })));
    expect(answer.auto_recharge).toEqual({
      enabled: false,
      sku: "dollars-100",
      monthly_max: AUTO_RECHARGE_MONTHLY_MAX,
      used_this_month: 0,
      stored_payment: false,
      unavailable: "no_renewing_plus",
    });
    expect((await history(fresh.token)).entries).toEqual([]);
    expect((await callJson(rt, undefined, "GET", "/api/v2/wallets/dollar")).status).toBe(401);
    expect((await callJson(rt, undefined, "GET", "/api/v2/wallets/history")).status).toBe(401);
  });

  it("lists the member's own movements newest first, signed, with the balance after each, and never another member's", async () => {
    const buyer = await member();
    const creator = await member();
    await grant(buyer.id, 100, "order:abc");
    await spend(buyer.id, 30);
    await spendDollars(rt.deps, {
      payer: buyer.id,
      key: key("tip"),
      operation: dollarOperations.tip(buyer.id, creator.id, 20),
      reference: "profile:7",
    });
    await grant(creator.id, 5);

    const mine = await history(buyer.token);
    expect(mine.entries.map((e) => [e.kind, e.amount, e.account, e.balance_after, e.reference])).toEqual([
      ["TRANSFER", -20, "wallet", 50, "profile:7"],
      ["CONSUME", -30, "wallet", 70, "profile:45"],
      ["GRANT", 100, "wallet", 100, "order:abc"],
    ]);
    expect(mine.has_next).toBe(false);
    // The creator sees the tip on their pending account and their own grant, not the buyer's lines.
    const theirs = await history(creator.token);
    expect(theirs.entries.map((e) => [e.kind, e.amount, e.account, e.balance_after])).toEqual([
      ["GRANT", 5, "wallet", 5],
      ["TRANSFER", 20, "pending", 20],
    ]);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  it("filters by kind and by calendar month (Europe/Berlin), and pages by DOLLAR_HISTORY_PAGE_SIZE", async () => {
    const viewer = await member();
    // Two October movements, the last one at 23:30 UTC on 31 October: 1 November in Berlin.
    rt.clock.set(Date.UTC(2026, 9, 10, 12, 0, 0));
    await grant(viewer.id, 10);
    rt.clock.set(Date.UTC(2026, 9, 31, 23, 30, 0));
    await grant(viewer.id, 7);
    rt.clock.set(base);
    for (let i = 0; i < DOLLAR_HISTORY_PAGE_SIZE + 3; i++) await grant(viewer.id, 1);
    await spend(viewer.id, 2);

    const october = await history(viewer.token, "?month=2026-10");
    expect(october.entries.map((e) => e.amount)).toEqual([10]);
    expect(october.filters).toEqual({ kind: null, month: "2026-10" });
    const november = await history(viewer.token, "?month=2026-11&kind=GRANT");
    expect(november.entries).toHaveLength(DOLLAR_HISTORY_PAGE_SIZE);
    expect(november.has_next).toBe(true);
    const second = await history(viewer.token, "?month=2026-11&kind=GRANT&page=2");
    expect(second.entries.map((e) => e.amount)).toEqual([1, 1, 1, 7]);
    expect(second.has_next).toBe(false);
    // A filter never changes a balance: the oldest November grant still shows what the account held after it.
    expect(second.entries.at(-1)?.balance_after).toBe(17);
    const consumed = await history(viewer.token, "?kind=CONSUME");
    expect(consumed.entries.map((e) => [e.amount, e.balance_after])).toEqual([[-2, 17 + DOLLAR_HISTORY_PAGE_SIZE + 3 - 2]]);
    expect(november.months[0]).toBe("2026-11");

    for (const bad of ["?kind=NOPE", "?month=2026-13", "?month=26-01", "?page=0", "?page=abc"]) {
      const answer = await callJson(rt, viewer.token, "GET", `/api/v2/wallets/history${bad}`);
      expect(answer.status, bad).toBe(400);
    }
  });

  it("exports the filtered history as CSV: a BOM, ';' in German and ',' in English, and no formula from a reference", async () => {
    const viewer = await member();
    await grant(viewer.id, 50, '=HYPERLINK("x")');
    await spend(viewer.id, 5);
    const csv = async (language: string, query = "") => {
      const response = await rt.request(`/api/v2/wallets/history.csv${query}`, {
        token: viewer.token,
        headers: { "accept-language": language },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="dollar-history-/);
      return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    };
    const german = await csv("de");
    expect(german.startsWith("\uFEFFdate;operation_id;kind;amount;account;balance_after;reference\r\n")).toBe(true);
    const rows = german.slice(1).trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^2026-11-21 13:00:00;\d+;CONSUME;-5;wallet;45;profile:45$/);
    expect(rows[1]).toMatch(/;GRANT;50;wallet;50;"'=HYPERLINK\(""x""\)"$/);
    const english = await csv("en", "?kind=CONSUME");
    expect(english.split("\r\n")[0]).toBe("\uFEFFdate,operation_id,kind,amount,account,balance_after,reference");
    expect(english.trimEnd().split("\r\n")).toHaveLength(2);
    expect((await rt.request("/api/v2/wallets/history.csv?month=x", { token: viewer.token })).status).toBe(400);
  });

  it("answers the viewer's own operation by its key, and 'pending' for none and for another member's key", async () => {
    const payer = await member();
    const other = await member();
    await grant(payer.id, 40);
    const tipKey = `tip:${key("client")}`;
    await spendDollars(rt.deps, {
      payer: payer.id,
      key: tipKey,
      operation: dollarOperations.tip(payer.id, other.id, 15),
      reference: "profile:1",
    });
    const look = async (token: string, lookup: string) =>
      callJson<Data<WalletOperationState>>(rt, token, "GET", `/api/v2/wallets/operations/${encodeURIComponent(lookup)}`);

    const own = await look(payer.token, tipKey);
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ status: "succeeded", kind: "TRANSFER", amount: 15, balance: 25, replayed: true });
    expect(own.json.data.operation_id).toEqual(expect.any(Number));
    // The receiver of the tip did not ask for it: to them the key is as unknown as one never used.
    const foreign = await look(other.token, tipKey);
    expect(foreign.json.data).toEqual({ status: "pending", operation_id: null, kind: null, amount: 0, balance: 0, replayed: false });
    const unused = await look(payer.token, `tip:${key("unused")}`);
    expect(unused.json.data).toMatchObject({ status: "pending", operation_id: null, balance: 25 });
    const refused = await spend(payer.id, 1000, "tip:refused-key-1");
    expect(refused.status).toBe("insufficient");
    expect((await look(payer.token, "tip:refused-key-1")).json.data).toMatchObject({ status: "insufficient", amount: 0 });
    expect((await look(payer.token, "short")).status).toBe(400);
    expect((await callJson(rt, undefined, "GET", `/api/v2/wallets/operations/${tipKey}`)).status).toBe(401);
  });

  it("gives user/data the member's balances and publishes the live balance to every member a spend moved", async () => {
    const payer = await member();
    const creator = await member();
    await grant(payer.id, 60);
    const seen: RealtimeEnvelope[] = [];
    const stop = rt.deps.bus.subscribe((envelope) => {
      if (envelope.event.type === "wallet") seen.push(envelope);
    });
    await spendDollars(rt.deps, {
      payer: payer.id,
      key: key("tip"),
      operation: dollarOperations.tip(payer.id, creator.id, 10),
      reference: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(seen.map((e) => [e.to, e.event])).toEqual(
      expect.arrayContaining([
        [[payer.id], { type: "wallet", balances: { available: 50, pending: 0, frozen: 0, in_payout: 0 } }],
        [[creator.id], { type: "wallet", balances: { available: 0, pending: 10, frozen: 0, in_payout: 0 } }],
      ]),
    );
    const data = (await callJson<Data<UserDataResponse>>(rt, payer.token, "GET", "/api/v2/user/data")).json.data;
    expect(data.dollars).toEqual({ available: 50, pending: 0, frozen: 0, in_payout: 0 });
  });

  describe("auto recharge", () => {
    const setRecharge = (token: string, body: unknown) =>
      callJson<Data<DollarWallet>>(rt, token, "PUT", "/api/v2/wallets/auto-recharge", body);

    it("is refused for invalid settings and without a renewing plus contract, and does nothing unless the member opted in", async () => {
      const viewer = await member();
      expect((await setRecharge(viewer.token, { enabled: true, sku: "dollars-7" })).status).toBe(400);
      expect((await setRecharge(viewer.token, { enabled: "yes", sku: "dollars-100" })).status).toBe(400);
      expect((await spend(viewer.id, 30)).status).toBe("insufficient");
      // No plus contract: turning it on is refused at its field (ADR 081 addendum); off can always be saved.
      const refused = (await setRecharge(viewer.token, { enabled: true, sku: "dollars-250" })) as unknown as {
        status: number;
        json: { errors: Array<{ key: string; source?: string }> };
      };
      expect(refused.status).toBe(409);
      expect(refused.json.errors[0]).toMatchObject({ key: "exception.wallet.auto_recharge_no_renewing_plus", source: "enabled" });
      const off = await setRecharge(viewer.token, { enabled: false, sku: "dollars-250" });
      expect(off.json.data.auto_recharge).toMatchObject({ enabled: false, sku: "dollars-250", stored_payment: false });
      expect((await spend(viewer.id, 30)).status).toBe("insufficient");
      expect((await wallet(viewer.token)).auto_recharge.used_this_month).toBe(0);
    });

    it("buys the smallest covering package with the stored payment, then runs the spend again; a retry answers the same", async () => {
      const { user } = await contract(rt);
      await setRecharge(user.token, { enabled: true, sku: "dollars-100" });
      await grant(user.id, 20);
      const spendKey = key("boost");
      const first = await spend(user.id, 220, spendKey);
      // 200 short: the 250 package covers it (100 would not).
      expect(first).toMatchObject({ status: "succeeded", amount: 220, balance: 50, replayed: false });
      const again = await spend(user.id, 220, spendKey);
      expect(again).toMatchObject({ status: "succeeded", amount: 220, balance: 50, replayed: true, operation_id: first.operation_id });
      const lines = (await history(user.token)).entries.map((e) => [e.kind, e.amount]);
      expect(lines).toEqual([
        ["CONSUME", -220],
        ["PURCHASE", 250],
        ["GRANT", 20],
      ]);
      const order = await rt.deps.db
        .selectFrom("orders")
        .select(["goods", "sku", "kind", "status", "gross_cents"])
        .where("user_id", "=", user.id)
        .where("goods", "=", "dollar")
        .execute();
      expect(order).toEqual([{ goods: "dollar", sku: "dollars-250", kind: "normal", status: "paid", gross_cents: 4500 }]);
      expect((await wallet(user.token)).auto_recharge.used_this_month).toBe(1);
      // The derived key is the viewer's own operation too (the tip script may poll either).
      const derived = await callJson<Data<WalletOperationState>>(
        rt,
        user.token,
        "GET",
        `/api/v2/wallets/operations/${afterRechargeKey(spendKey)}`,
      );
      expect(derived.json.data.status).toBe("succeeded");
      expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
    });

    it("a payment the provider refuses leaves the spend insufficient", async () => {
      const { user } = await contract(rt, { token: "tok_card_fail" });
      await setRecharge(user.token, { enabled: true, sku: "dollars-100" });
      expect((await spend(user.id, 10)).status).toBe("insufficient");
      expect((await wallet(user.token)).balances.available).toBe(0);
    });

    it(`stops after ${AUTO_RECHARGE_MONTHLY_MAX} recharges a calendar month`, async () => {
      const { user } = await contract(rt);
      await setRecharge(user.token, { enabled: true, sku: "dollars-100" });
      const now = rt.clock.now();
      await rt.deps.db
        .insertInto("wallet_recharges")
        .values(
          Array.from({ length: AUTO_RECHARGE_MONTHLY_MAX }, (_, i) => ({
            user_id: user.id,
            spend_key: key(`earlier-${i}`),
            sku: "dollars-100",
            order_id: null,
            outcome: "charged",
            created_at: now - i * 1000,
          })),
        )
        .execute();
      expect((await spend(user.id, 10)).status).toBe("insufficient");
      expect((await wallet(user.token)).auto_recharge.used_this_month).toBe(AUTO_RECHARGE_MONTHLY_MAX);
    });
  });
});
