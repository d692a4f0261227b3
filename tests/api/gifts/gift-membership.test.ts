/**
 * Gift membership, the checkout's goods "gift" (issue 27 item 4, ADR 085) on both databases: the buyer chooses the
 * recipient, the goods step offers the recipient's one-off packages with the recipient in the sku, a quote checks
 * package and recipient again (oneself, a block, another kind's package, a forged sku), a paid order gives the
 * recipient a plus span that never renews, and revoking the order takes it back; the buyer's own plus is untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettledOrder } from "#server/contract/billing";
import { giftMembershipSku, type GiftRecipient } from "#server/contract/gifts";
import { plusPackage } from "#server/contract/plus-packages";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`gift membership (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const goods = () => rt.deps.features.goods.get("gift")!;
  let seq = 0;

  /** A paid gift order of `buyerId` as the checkout settles it (the order row exists: plus links it to the contract). */
  async function paidOrder(buyerId: number, sku: string): Promise<SettledOrder> {
    const pkg = plusPackage(sku.split("@")[0]!)!;
    const now = rt.clock.now();
    const row = await rt.deps.db
      .insertInto("orders")
      .values({
        public_id: `gift-${TEST_DB}-${++seq}-${now}`,
        user_id: buyerId,
        kind: "normal",
        status: "paid",
        paying_code: 1,
        step: "vat",
        goods: "gift",
        sku,
        item_type: 2,
        months: pkg.months,
        renewable: 0,
        method: "CC",
        currency: "EUR",
        list_gross_cents: pkg.gross_cents,
        discount_cents: 0,
        net_cents: Math.round(pkg.gross_cents / 1.19),
        vat_cents: pkg.gross_cents - Math.round(pkg.gross_cents / 1.19),
        gross_cents: pkg.gross_cents,
        vat_rate_bp: 1900,
        vat_country: "DE",
        reverse_charge: 0,
        language: "de",
        membership_id: null,
        created_at: now,
        updated_at: now,
        paid_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      id: Number(row.id),
      public_id: "x",
      user_id: buyerId,
      goods: "gift",
      sku,
      kind: "normal",
      gross_cents: pkg.gross_cents,
      membership_id: null,
      paid_at: now,
    };
  }
  const plusOf = (id: number) => rt.deps.db.selectFrom("users").select(["is_member"]).where("id", "=", id).executeTakeFirstOrThrow();
  const contractsOf = (id: number) => rt.deps.db.selectFrom("memberships").selectAll().where("user_id", "=", id).execute();

  it("offers the chosen recipient's one-off packages and quotes only valid gifts", async () => {
    const buyer = await listedMember(rt, USER_TYPE.client);
    const escort = await listedMember(rt, USER_TYPE.escort);
    expect(await goods().catalogue(rt.deps, buyer.id)).toEqual([]);

    const chosen = await callJson<{ data: GiftRecipient }>(rt, buyer.token, "POST", "/api/v2/gifts/membership-recipient", {
      username: escort.username,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json.data).toMatchObject({ username: escort.username, sku: giftMembershipSku("plus_escort_1m_once", escort.id) });
    const offers = await goods().catalogue(rt.deps, buyer.id);
    expect(offers.map((q) => q.sku)).toEqual([1, 3, 6, 12].map((m) => giftMembershipSku(`plus_escort_${m}m_once`, escort.id)));
    expect(offers.every((q) => q.goods === "gift" && !q.renewable && q.item_type === 2)).toBe(true);

    expect(await goods().quote(rt.deps, buyer.id, giftMembershipSku("plus_escort_3m_once", escort.id))).toMatchObject({ months: 3 });
    // A renewing package, another kind's, oneself, a forged sku: no offer.
    expect(await goods().quote(rt.deps, buyer.id, giftMembershipSku("plus_escort_3m", escort.id))).toBeNull();
    expect(await goods().quote(rt.deps, buyer.id, giftMembershipSku("plus_client_3m_once", escort.id))).toBeNull();
    expect(await goods().quote(rt.deps, buyer.id, giftMembershipSku("plus_client_3m_once", buyer.id))).toBeNull();
    expect(await goods().quote(rt.deps, buyer.id, "plus_escort_3m_once")).toBeNull();
    expect(await goods().quote(rt.deps, buyer.id, "plus_escort_3m_once@0")).toBeNull();

    const self = await callJson<{ errors: Array<{ key: string }> }>(rt, buyer.token, "POST", "/api/v2/gifts/membership-recipient", {
      username: buyer.username,
    });
    expect(self.status).toBe(400);
    await rt.deps.db.insertInto("blocks").values({ blocker_id: escort.id, blocked_id: buyer.id, created_at: rt.clock.now() }).execute();
    expect(await goods().quote(rt.deps, buyer.id, giftMembershipSku("plus_escort_3m_once", escort.id))).toBeNull();
    expect(await goods().catalogue(rt.deps, buyer.id)).toEqual([]);
  });

  it("a paid gift gives the recipient plus that never renews, once; revoking the order takes it back", async () => {
    const buyer = await listedMember(rt, USER_TYPE.client);
    const recipient = await listedMember(rt, USER_TYPE.client);
    const order = await paidOrder(buyer.id, giftMembershipSku("plus_client_3m_once", recipient.id));
    const deliver = () => rt.deps.db.transaction().execute((trx) => goods().fulfil(trx, rt.deps, order));
    await deliver();
    await deliver();
    expect((await plusOf(recipient.id)).is_member).toBe(1);
    expect((await plusOf(buyer.id)).is_member).toBe(0);
    const contracts = await contractsOf(recipient.id);
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ package_id: "plus_client_3m_once", renewable: 0, status: "running" });
    expect(await contractsOf(buyer.id)).toEqual([]);

    await rt.deps.db.transaction().execute((trx) => goods().revoke(trx, rt.deps, order, "refund"));
    expect((await plusOf(recipient.id)).is_member).toBe(0);
    expect((await contractsOf(recipient.id))[0]).toMatchObject({ status: "ended" });
  });
});
