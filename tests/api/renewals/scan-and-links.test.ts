/**
 * Renewals without a charge (issue 26 item 5, ADR 078): which memberships the scan finds due, that two scans at once
 * create one renewal per period, the rebill link's refusals (unknown, another member's, used, expired) and offers,
 * and the reclaim a charged-back membership order leaves. Through the real API on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RebillInfo } from "#server/contract/renewals";
import { USER_TYPE } from "#server/contract/users";
import { randomToken, sha256 } from "#server/lib/crypto";
import { recordChargebackReclaims, scanDueRenewals } from "#server/modules/renewals/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { contract, DAY, renewalsOf } from "./fixtures";

describe(`renewals: the scan, the rebill link and reclaims (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  /** A renewal in dunning with a rebill link of `group`; answers the link's token. */
  async function linkFor(membershipId: number, userId: number, periodEnd: number, options: { group?: number; expiresIn?: number } = {}) {
    const now = rt.clock.now();
    const renewal = await rt.deps.db
      .insertInto("renewals")
      .values({
        membership_id: membershipId,
        user_id: userId,
        period_end: periodEnd,
        state: "dunning",
        attempts: 1,
        order_id: null,
        next_attempt_at: periodEnd + DAY,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = randomToken();
    await rt.deps.db
      .insertInto("rebill_tokens")
      .values({
        token_hash: sha256(token),
        renewal_id: renewal.id,
        membership_id: membershipId,
        user_id: userId,
        rebill_group: options.group ?? 0,
        created_at: now,
        expires_at: now + (options.expiresIn ?? 7 * DAY),
        used_at: null,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  const info = (token: string, bearer?: string) => callJson<{ data?: RebillInfo }>(rt, bearer, "GET", `/api/v2/paywall/rebill/${token}`);

  it("finds running, renewing contracts ending within a day, once per period however many scans run at once", async () => {
    const due = await contract(rt, { endsIn: 12 * 60 * 60 * 1000 });
    const later = await contract(rt, { endsIn: 2 * DAY });
    const cancelled = await contract(rt, { endsIn: 60 * 60 * 1000, status: "cancelled" });
    const once = await contract(rt, { endsIn: 60 * 60 * 1000, renewable: false });
    const dunning = await contract(rt, { endsIn: 60 * 60 * 1000, status: "past_due" });

    const results = await Promise.all([scanDueRenewals(rt.deps), scanDueRenewals(rt.deps), scanDueRenewals(rt.deps)]);
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBeGreaterThanOrEqual(1);
    expect(await renewalsOf(rt, due.membershipId)).toEqual([
      expect.objectContaining({ state: "queued", attempts: 0, period_end: expect.anything() }),
    ]);
    expect(Number((await renewalsOf(rt, due.membershipId))[0]!.period_end)).toBe(due.periodEnd);
    for (const other of [later, cancelled, once, dunning]) expect(await renewalsOf(rt, other.membershipId)).toEqual([]);
    // Exactly one charge job holds it.
    const [renewal] = await renewalsOf(rt, due.membershipId);
    const jobs = await rt.deps.db.selectFrom("jobs").select("payload").where("kind", "=", "renewals.charge").execute();
    const holding = jobs.filter((job) => (JSON.parse(job.payload) as { renewal_ids: number[] }).renewal_ids.includes(renewal!.id));
    expect(holding).toHaveLength(1);

    // A day later the other one is due too; the first is not found again.
    rt.clock.advance(DAY + 60_000);
    await scanDueRenewals(rt.deps);
    expect(await renewalsOf(rt, later.membershipId)).toHaveLength(1);
    expect(await renewalsOf(rt, due.membershipId)).toHaveLength(1);
  });

  it("shows the offer behind a link to its owner and to a guest holding it, never another member's", async () => {
    const owner = await contract(rt, { endsIn: -60_000, rebillGroup: 2, priceCents: 2990 });
    const token = await linkFor(owner.membershipId, owner.user.id, owner.periodEnd, { group: 2 });
    const guest = await info(token);
    expect(guest.status).toBe(200);
    expect(guest.json.data).toMatchObject({
      offer: {
        kind: "discount",
        rebill_group: 2,
        months: 1,
        price_cents: 2392,
        regular_price_cents: 2990,
        discount_percent: 20,
        currency: "EUR",
      },
      period_end: owner.periodEnd,
      stored_method: "CC",
    });
    // Nothing that names the member.
    expect(JSON.stringify(guest.json)).not.toContain(owner.user.username);
    expect(JSON.stringify(guest.json)).not.toContain(owner.user.email);
    expect((await info(token, owner.user.token)).status).toBe(200);
    // Another member holding the link: as if it did not exist.
    const other = await contract(rt);
    const foreign = await info(token, other.user.token);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.json)).toContain("exception.rebill.link_unknown");
    expect((await callJson(rt, other.user.token, "POST", `/api/v2/paywall/rebill/${token}/pay`, { pay_with: "stored" })).status).toBe(404);
    // Unknown and malformed tokens are 404s, a bad body a 400: never a 5xx.
    expect((await info(randomToken())).status).toBe(404);
    expect((await info("x".repeat(500))).status).toBe(404);
    expect((await info("%00")).status).toBe(404);
    expect((await callJson(rt, undefined, "POST", `/api/v2/paywall/rebill/${token}/pay`, { pay_with: "cash" })).status).toBe(400);
  });

  it("refuses an expired, a replaced and a used link with 410", async () => {
    const member = await contract(rt, { endsIn: -60_000 });
    const expired = await linkFor(member.membershipId, member.user.id, member.periodEnd, { expiresIn: DAY });
    rt.clock.advance(DAY);
    const gone = await info(expired);
    expect(gone.status).toBe(410);
    expect(JSON.stringify(gone.json)).toContain("exception.rebill.link_expired");
    expect((await callJson(rt, undefined, "POST", `/api/v2/paywall/rebill/${expired}/pay`, { pay_with: "stored" })).status).toBe(410);

    const second = await contract(rt, { endsIn: -60_000 });
    const used = await linkFor(second.membershipId, second.user.id, second.periodEnd);
    await rt.deps.db.updateTable("rebill_tokens").set({ used_at: rt.clock.now() }).where("token_hash", "=", sha256(used)).execute();
    const spent = await info(used);
    expect(spent.status).toBe(410);
    expect(JSON.stringify(spent.json)).toContain("exception.rebill.link_used");
  });

  it("offers a longer plan monthly after the first term (§ 309 Nr. 9 BGB; plus's renewalTermOf), its own term within it", async () => {
    const consumer = await contract(rt, { endsIn: -60_000, months: 12, priceCents: 17940, afterFirstTerm: true });
    const offer = (await info(await linkFor(consumer.membershipId, consumer.user.id, consumer.periodEnd))).json.data!.offer;
    expect(offer).toMatchObject({ kind: "same", months: 1, price_cents: 1495 });
    const business = await contract(rt, { endsIn: -60_000, months: 12, priceCents: 17940, userType: USER_TYPE.business, rebillGroup: 4 });
    const businessOffer = (await info(await linkFor(business.membershipId, business.user.id, business.periodEnd, { group: 4 }))).json.data!
      .offer;
    // The first term just ended: period_end is first_term_end, so the next one is monthly too.
    expect(businessOffer).toMatchObject({
      kind: "discount",
      months: 1,
      price_cents: 1047,
      regular_price_cents: 1495,
      discount_percent: 30,
    });
    const first = await contract(rt, { endsIn: -60_000, months: 6, priceCents: 11940, rebillGroup: 1 });
    const monthly = (await info(await linkFor(first.membershipId, first.user.id, first.periodEnd, { group: 1 }))).json.data!.offer;
    expect(monthly).toMatchObject({ kind: "monthly", months: 1, price_cents: 1990 });
  });

  it("records one pending reclaim per charged-back membership order", async () => {
    const member = await contract(rt);
    const before = await rt.deps.db.selectFrom("reclaims").select("id").where("order_id", "=", member.orderId).execute();
    expect(before).toEqual([]);
    // What the payments module leaves after a chargeback: the order charged back, the membership ended.
    await rt.deps.db.updateTable("orders").set({ status: "charged_back" }).where("id", "=", member.orderId).execute();
    await rt.deps.db.updateTable("memberships").set({ status: "charged_back" }).where("id", "=", member.membershipId).execute();
    await Promise.all([recordChargebackReclaims(rt.deps), recordChargebackReclaims(rt.deps)]);
    await recordChargebackReclaims(rt.deps);
    const reclaims = await rt.deps.db.selectFrom("reclaims").selectAll().where("order_id", "=", member.orderId).execute();
    expect(reclaims).toEqual([
      expect.objectContaining({
        user_id: member.user.id,
        membership_id: member.membershipId,
        amount_cents: 2990,
        reason: "chargeback",
        status: "pending",
      }),
    ]);
  });
});
