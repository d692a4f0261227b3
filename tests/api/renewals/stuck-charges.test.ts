/**
 * Renewals stuck in `charging` (issue 26 left, item 3; ADR 088): a worker that died between taking a renewal and
 * settling it, or a provider that never answered. The scan's sweep takes over a renewal only after CHARGING_STUCK_MS,
 * asks the in-app fake provider what it knows of the charge under the order's ref, and never charges a period twice:
 * each case ends with one paid renewal order and one payment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFor } from "#server/integrations/payments/registry";
import { createRenewalOrder } from "#server/modules/payments/index";
import { scanDueRenewals } from "#server/modules/renewals/index";
import { CHARGING_STUCK_MS, runRenewalScan, sweepStuckCharges } from "#server/modules/renewals/service";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { contract, DAY, membershipRow, renewalsOf } from "./fixtures";

describe(`renewals stuck in charging (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const renewalOrders = (membershipId: number) =>
    rt.deps.db
      .selectFrom("orders")
      .select(["id", "public_id", "status"])
      .where("membership_id", "=", membershipId)
      .where("kind", "=", "renewal")
      .orderBy("id")
      .execute();
  const paymentsOf = (orderId: number) =>
    rt.deps.db.selectFrom("payment_transactions").select(["provider_txn_id", "outcome"]).where("order_id", "=", orderId).execute();

  /** A due renewal taken by a worker (queued → charging, attempt 1) that then died: the state a crash leaves. */
  async function takenThenLost() {
    const member = await contract(rt, { endsIn: 6 * 60 * 60 * 1000 });
    await scanDueRenewals(rt.deps);
    const [renewal] = await renewalsOf(rt, member.membershipId);
    await rt.deps.db
      .updateTable("renewals")
      .set({ state: "charging", attempts: 1, updated_at: rt.clock.now() })
      .where("id", "=", renewal!.id)
      .execute();
    return { member, renewalId: renewal!.id };
  }

  it("leaves a charge alone while it may still be running, and takes it over after the bound", async () => {
    const { member } = await takenThenLost();
    rt.clock.advance(CHARGING_STUCK_MS - 60_000);
    expect(await sweepStuckCharges(rt.deps)).toBe(0);
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "charging" })]);
    rt.clock.advance(2 * 60_000);
    // Died before its order existed: back to queued (the attempt not counted), with a job that charges it once.
    expect(await sweepStuckCharges(rt.deps)).toBe(1);
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "queued", attempts: 0 })]);
    expect(await sweepStuckCharges(rt.deps)).toBe(0);
    await rt.jobs.runDue();
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "paid", attempts: 1 })]);
    const orders = await renewalOrders(member.membershipId);
    expect(orders).toEqual([expect.objectContaining({ status: "paid" })]);
    expect(await paymentsOf(orders[0]!.id)).toHaveLength(1);
    expect(Number((await membershipRow(rt, member.membershipId)).period_end)).toBeGreaterThan(member.periodEnd + 27 * DAY);
  });

  it("an order made but never charged: the provider knows no charge under its ref, so the same order is charged once", async () => {
    const { member } = await takenThenLost();
    const order = await createRenewalOrder(rt.deps, member.membershipId);
    rt.clock.advance(CHARGING_STUCK_MS + 60_000);
    await runRenewalScan(rt.deps);
    expect(await renewalOrders(member.membershipId)).toEqual([expect.objectContaining({ id: order.orderId, status: "paid" })]);
    expect(await paymentsOf(order.orderId)).toEqual([expect.objectContaining({ outcome: "success" })]);
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "paid", order_id: order.orderId })]);
  });

  it("charged at the provider but never settled: the provider's answer is settled, and nothing is charged again", async () => {
    const { member } = await takenThenLost();
    const order = await createRenewalOrder(rt.deps, member.membershipId);
    const membership = await membershipRow(rt, member.membershipId);
    // The provider took the charge; the worker died before reading the answer.
    const provider = providerFor(rt.deps, "CC")!;
    const charged = await provider.charge({
      orderRef: order.orderRef,
      amountCents: Number(membership.price_cents),
      currency: "EUR",
      method: "CC",
      description: `Velora ${order.orderRef}`,
      language: "de",
      returnUrl: "http://localhost/de/user/membership",
      notifyUrl: "http://localhost/api/v2/payment/postback/fake",
      customer: { name: member.user.username, email: member.user.email, country: "DE" },
      token: membership.payment_token!,
    });
    rt.clock.advance(CHARGING_STUCK_MS + 60_000);
    expect(await sweepStuckCharges(rt.deps)).toBe(1);
    // The one payment is the provider's first transaction: the sweep settled it instead of charging again.
    expect(await paymentsOf(order.orderId)).toEqual([{ provider_txn_id: charged.providerReference, outcome: "success" }]);
    expect(await renewalOrders(member.membershipId)).toEqual([expect.objectContaining({ status: "paid" })]);
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "paid" })]);
  });

  it("an order whose postback arrived while the worker was gone: its outcome is taken, no provider asked", async () => {
    const { member } = await takenThenLost();
    const order = await createRenewalOrder(rt.deps, member.membershipId);
    await rt.deps.db.updateTable("orders").set({ status: "failed", paying_code: -1 }).where("id", "=", order.orderId).execute();
    rt.clock.advance(CHARGING_STUCK_MS + 60_000);
    expect(await sweepStuckCharges(rt.deps)).toBe(1);
    // A failed charge starts dunning as any failure does: past_due, a retry scheduled, the member told.
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "dunning", order_id: order.orderId })]);
    expect((await membershipRow(rt, member.membershipId)).status).toBe("past_due");
    expect(await paymentsOf(order.orderId)).toHaveLength(0);
  });
});
