/**
 * The membership good (issue 26, ADR 076) on both databases: the catalogue per kind of member, a quote refused for
 * another kind's package, fulfil (new contract, appended purchase, renewal, preempt, once per order) with users and
 * search_profiles following at once, and revoke (refund, chargeback, withdrawal; a future span cut out; another
 * member's contract never touched).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RevocationReason, SettledOrder } from "#server/contract/billing";
import { plusPackage } from "#server/contract/plus-packages";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";

const DAY = 86_400_000;

describe(`the membership good (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const goods = () => rt.deps.features.goods.get("membership")!;
  let seq = 0;

  async function paidOrder(userId: number, sku: string, extra: Partial<SettledOrder> = {}): Promise<SettledOrder> {
    const pkg = plusPackage(sku.replace(":preempt", ""))!;
    const now = rt.clock.now();
    const gross = extra.gross_cents ?? pkg.gross_cents;
    const row = await rt.deps.db
      .insertInto("orders")
      .values({
        public_id: `t-${TEST_DB}-${++seq}-${now}`,
        user_id: userId,
        kind: extra.kind ?? "normal",
        status: "paid",
        paying_code: 1,
        step: "vat",
        goods: "membership",
        sku,
        item_type: pkg.renewable ? 1 : 2,
        months: pkg.months,
        renewable: pkg.renewable ? 1 : 0,
        method: "CC",
        currency: "EUR",
        list_gross_cents: gross,
        discount_cents: 0,
        net_cents: Math.round(gross / 1.19),
        vat_cents: gross - Math.round(gross / 1.19),
        gross_cents: gross,
        vat_rate_bp: 1900,
        vat_country: "DE",
        reverse_charge: 0,
        language: "de",
        membership_id: extra.membership_id ?? null,
        created_at: now,
        updated_at: now,
        paid_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      id: Number(row.id),
      public_id: "x",
      user_id: userId,
      goods: "membership",
      sku,
      kind: "normal",
      gross_cents: gross,
      membership_id: null,
      paid_at: now,
      ...extra,
    };
  }

  const fulfil = (order: SettledOrder) => rt.deps.db.transaction().execute((trx) => goods().fulfil(trx, rt.deps, order));
  const revoke = (order: SettledOrder, reason: RevocationReason) =>
    rt.deps.db.transaction().execute((trx) => goods().revoke(trx, rt.deps, order, reason));
  const userRow = (id: number) =>
    rt.deps.db.selectFrom("users").select(["is_member", "member_until"]).where("id", "=", id).executeTakeFirstOrThrow();
  const searchRow = (id: number) =>
    rt.deps.db.selectFrom("search_profiles").select(["is_member", "member_until"]).where("user_id", "=", id).executeTakeFirst();
  const contracts = (id: number) => rt.deps.db.selectFrom("memberships").selectAll().where("user_id", "=", id).execute();

  it("lists each kind's own packages and quotes only those", async () => {
    const client = await createProfile(rt, { userType: USER_TYPE.client });
    const escort = await createProfile(rt, { userType: USER_TYPE.escort });
    const business = await createProfile(rt, { userType: USER_TYPE.business });
    const clientList = await goods().catalogue(rt.deps, client.id);
    expect(clientList.map((q) => q.sku)).toEqual([
      "plus_client_1m",
      "plus_client_3m",
      "plus_client_6m",
      "plus_client_12m",
      "plus_client_1m_once",
      "plus_client_3m_once",
      "plus_client_6m_once",
      "plus_client_12m_once",
    ]);
    expect(clientList[0]).toMatchObject({ goods: "membership", gross_cents: 2990, months: 1, renewable: true, item_type: 1 });
    expect(clientList[4]).toMatchObject({ renewable: false, item_type: 2 });
    expect((await goods().catalogue(rt.deps, escort.id)).every((q) => q.sku.startsWith("plus_escort_"))).toBe(true);
    expect((await goods().catalogue(rt.deps, business.id)).every((q) => q.sku.startsWith("plus_business_"))).toBe(true);

    expect(await goods().quote(rt.deps, client.id, "plus_escort_3m")).toBeNull();
    expect(await goods().quote(rt.deps, escort.id, "plus_client_1m")).toBeNull();
    expect(await goods().quote(rt.deps, client.id, "plus_client_7m")).toBeNull();
    expect(await goods().quote(rt.deps, client.id, "plus_client_12m_rd")).toMatchObject({ gross_cents: 19990, months: 12 });
    // No contract: neither a preempt nor the cancellation offer.
    expect(await goods().quote(rt.deps, client.id, "plus_client_1m:preempt")).toBeNull();
    expect(await goods().quote(rt.deps, client.id, "plus_client_cancel_3m")).toBeNull();
  });

  it("a paid order starts plus at once for the kernel and for search; a second call changes nothing", async () => {
    const client = await createProfile(rt, { userType: USER_TYPE.client });
    const order = await paidOrder(client.id, "plus_client_3m");
    await fulfil(order);
    await fulfil(order);
    const [m] = await contracts(client.id);
    expect(await contracts(client.id)).toHaveLength(1);
    expect(m).toMatchObject({ status: "running", renewable: 1, months: 3, price_cents: 7490, ends_at: null });
    expect(Number(m!.period_end)).toBeGreaterThan(rt.clock.now() + 88 * DAY);
    expect(Number(m!.first_term_end)).toBe(Number(m!.period_end));
    expect(await userRow(client.id)).toMatchObject({ is_member: 1 });
    expect(Number((await userRow(client.id)).member_until)).toBe(Number(m!.period_end));
    const search = await searchRow(client.id);
    expect(search && Number(search.is_member)).toBe(1);
    expect(Number(search!.member_until)).toBe(Number(m!.period_end));
    const ord = await rt.deps.db.selectFrom("orders").select("membership_id").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(Number(ord.membership_id)).toBe(Number(m!.id));
  });

  it("preempt, renewal and a one-off purchase append after the paid period; the preempt costs the renewal term", async () => {
    const escort = await createProfile(rt, { userType: USER_TYPE.escort });
    await fulfil(await paidOrder(escort.id, "plus_escort_1m"));
    const [first] = await contracts(escort.id);
    const preemptQuote = await goods().quote(rt.deps, escort.id, "plus_escort_1m:preempt");
    expect(preemptQuote).toMatchObject({ sku: "plus_escort_1m:preempt", gross_cents: 3990, months: 1, renewable: true });
    expect(await goods().quote(rt.deps, escort.id, "plus_escort_3m:preempt")).toBeNull();
    await fulfil(await paidOrder(escort.id, "plus_escort_1m:preempt"));
    const [afterPreempt] = await contracts(escort.id);
    expect(Number(afterPreempt!.period_end)).toBeGreaterThan(Number(first!.period_end) + 27 * DAY);
    expect(Number(afterPreempt!.period_start)).toBe(Number(first!.period_start));

    const renewal = await paidOrder(escort.id, "plus_escort_1m", { kind: "renewal", membership_id: Number(first!.id) });
    await fulfil(renewal);
    const [afterRenewal] = await contracts(escort.id);
    expect(Number(afterRenewal!.period_end)).toBeGreaterThan(Number(afterPreempt!.period_end) + 27 * DAY);
    expect(Number(afterRenewal!.period_start)).toBe(Number(afterPreempt!.period_end));
    expect(await contracts(escort.id)).toHaveLength(1);
    expect(Number((await userRow(escort.id)).member_until)).toBe(Number(afterRenewal!.period_end));

    // A refund of the renewal, whose span has not begun: cut out, plus runs to the earlier end.
    await revoke(renewal, "refund");
    const [afterRefund] = await contracts(escort.id);
    expect(afterRefund!.status).toBe("running");
    expect(Number(afterRefund!.period_end)).toBe(Number(afterPreempt!.period_end));
    expect(Number((await userRow(escort.id)).member_until)).toBe(Number(afterPreempt!.period_end));
  });

  it("a chargeback ends plus at once, in search too; another member's contract is untouched", async () => {
    const a = await createProfile(rt, { userType: USER_TYPE.client });
    const b = await createProfile(rt, { userType: USER_TYPE.client });
    const orderA = await paidOrder(a.id, "plus_client_1m");
    const orderB = await paidOrder(b.id, "plus_client_1m");
    await fulfil(orderA);
    await fulfil(orderB);
    rt.clock.advance(2 * DAY);
    // Another member's order id with a's user id: nothing of b's changes.
    await revoke({ ...orderB, user_id: a.id }, "chargeback");
    expect((await contracts(b.id))[0]!.status).toBe("running");
    await revoke(orderA, "chargeback");
    await revoke(orderA, "chargeback");
    expect((await contracts(a.id))[0]).toMatchObject({ status: "charged_back" });
    expect(await userRow(a.id)).toMatchObject({ is_member: 0 });
    expect(Number((await userRow(a.id)).member_until)).toBe(rt.clock.now());
    expect(Number((await searchRow(a.id))!.is_member)).toBe(0);
    expect(await userRow(b.id)).toMatchObject({ is_member: 1 });
    await revoke(orderB, "withdrawal");
    expect((await contracts(b.id))[0]).toMatchObject({ status: "withdrawn" });
  });
});
