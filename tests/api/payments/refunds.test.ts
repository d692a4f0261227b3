/**
 * Refunds (issue 26, ADR 075), on SQLite and PostgreSQL: partial then full by staff through refundOrder (the fake
 * provider refunds, a credit note per refund, the good taken back only when all is refunded, VAT booked back exactly),
 * a withdrawal, a provider's own refund postback, amounts beyond the order, and renewal orders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "#server/api/errors";
import { createRenewalOrder, refundOrder } from "#server/modules/payments/index";
import { reconcileLedger, systemBalance } from "#server/modules/ledger/index";
import { bindDoubles, createOrder, postbackBody, sendPostback, type Doubles } from "../../helpers/payments";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`refunds (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let seen: Doubles;
  beforeAll(async () => {
    rt = await createTestRuntime();
    seen = bindDoubles(rt);
  });
  afterAll(async () => {
    await rt.close();
  });

  const orderOf = (id: number) => rt.deps.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const creditNotesOf = (id: number) =>
    rt.deps.db.selectFrom("invoices").selectAll().where("order_id", "=", id).where("document", "=", "credit_note").orderBy("id").execute();
  const balances = async () => ({
    revenue: await systemBalance(rt.deps, "revenue", "euro"),
    vat: await systemBalance(rt.deps, "vat_payable", "euro"),
    clearing: await systemBalance(rt.deps, "provider_clearing", "euro"),
  });

  async function paidOrder(gross = 1999, vat = 319) {
    const buyer = await createUser(rt);
    const order = await createOrder(rt, buyer.id, { gross, vat });
    expect((await sendPostback(rt, postbackBody(order.ref, "success", gross))).status).toBe(200);
    return order;
  }

  const refused = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it("a partial refund keeps the good; the rest refunds all: credit notes for each, the good taken back, VAT booked back to the cent", async () => {
    const start = await balances();
    const order = await paidOrder(1000, 160);
    const partial = await refundOrder(rt.deps, { orderId: order.id, amountCents: 333, reason: "Kulanz", staffId: 1 });
    expect((await orderOf(order.id)).status).toBe("partially_refunded");
    expect(seen.revoked.filter(([id]) => id === order.id)).toEqual([]);
    const rest = await refundOrder(rt.deps, { orderId: order.id, amountCents: 667, reason: "Kulanz", staffId: 1 });
    expect((await orderOf(order.id)).status).toBe("refunded");
    expect(seen.revoked.filter(([id]) => id === order.id)).toEqual([[order.id, "refund"]]);
    expect(seen.invoiceStatuses).toContainEqual([order.id, "refunded"]);
    const notes = await creditNotesOf(order.id);
    expect(notes.map((n) => [n.id, Number(n.gross_cents)])).toEqual([
      [partial.creditNoteId, 333],
      [rest.creditNoteId, 667],
    ]);
    // Paid and refunded in full: every euro account is back where it was.
    expect(await balances()).toEqual(start);
    expect(seen.audits.filter((a) => a === "order.refund")).toHaveLength(2);
    expect((await reconcileLedger(rt.deps, "euro")).imbalance).toBe(0);
  });

  it("refuses more than is left, nothing, no reason, and unpaid orders; a refund form sent twice refunds once", async () => {
    const order = await paidOrder();
    expect((await refused(refundOrder(rt.deps, { orderId: order.id, amountCents: order.gross + 1, reason: "x", staffId: 1 }))).status).toBe(
      400,
    );
    expect((await refused(refundOrder(rt.deps, { orderId: order.id, amountCents: 0, reason: "x", staffId: 1 }))).status).toBe(400);
    expect((await refused(refundOrder(rt.deps, { orderId: order.id, amountCents: 100, reason: "  ", staffId: 1 }))).status).toBe(400);
    const unpaid = await createOrder(rt, (await createUser(rt)).id);
    expect((await refused(refundOrder(rt.deps, { orderId: unpaid.id, amountCents: 100, reason: "x", staffId: 1 }))).status).toBe(409);
    expect((await refused(refundOrder(rt.deps, { orderId: 987_654, amountCents: 100, reason: "x", staffId: 1 }))).status).toBe(404);
    expect(await creditNotesOf(order.id)).toHaveLength(0);
  });

  it("a withdrawal (no staff member) refunds pro rata and ends the good", async () => {
    const order = await paidOrder();
    await refundOrder(rt.deps, { orderId: order.id, amountCents: 1500, reason: "Widerruf", staffId: null });
    expect((await orderOf(order.id)).status).toBe("partially_refunded");
    expect(seen.revoked.filter(([id]) => id === order.id)).toEqual([[order.id, "withdrawal"]]);
  });

  it("a provider's refund postback books once; one beyond what is left is recorded and flagged, not booked", async () => {
    const order = await paidOrder();
    const refund = postbackBody(order.ref, "refund", 999, `rf_${order.ref}`);
    expect((await sendPostback(rt, refund)).status).toBe(200);
    expect((await sendPostback(rt, refund)).status).toBe(200);
    expect((await orderOf(order.id)).status).toBe("partially_refunded");
    expect((await creditNotesOf(order.id)).map((n) => Number(n.gross_cents))).toEqual([999]);
    await sendPostback(rt, postbackBody(order.ref, "refund", 5000, `rf2_${order.ref}`));
    expect((await orderOf(order.id)).status).toBe("partially_refunded");
    const flags = await rt.deps.db.selectFrom("payment_flags").select("kind").where("order_id", "=", order.id).execute();
    expect(flags.map((f) => f.kind)).toEqual(["refund_exceeds"]);
    // Later refunds still see what is left: the flagged one did not count.
    await refundOrder(rt.deps, { orderId: order.id, amountCents: order.gross - 999, reason: "Rest", staffId: 1 });
    expect((await orderOf(order.id)).status).toBe("refunded");
  });

  it("a renewal order copies the membership's price as bought, its method and the last order's buyer and VAT", async () => {
    const order = await paidOrder(1999, 319);
    const buyer = (await orderOf(order.id)).user_id;
    const now = rt.clock.now();
    const membership = await rt.deps.db
      .insertInto("memberships")
      .values({
        user_id: buyer,
        package_id: "plus_client_3m",
        status: "running",
        renewable: 1,
        months: 3,
        price_cents: 4999,
        started_at: now,
        first_term_end: now,
        period_start: now,
        period_end: now,
        cancel_requested_at: null,
        ends_at: null,
        rebill_group: 0,
        payment_method: "CC",
        payment_token: "fktok_x",
        last_order_id: order.id,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const renewal = await createRenewalOrder(rt.deps, membership.id);
    const row = await orderOf(renewal.orderId);
    expect(row).toMatchObject({
      public_id: renewal.orderRef,
      user_id: buyer,
      kind: "renewal",
      status: "paying",
      sku: "plus_client_3m",
      months: 3,
      method: "CC",
      membership_id: membership.id,
      vat_rate_bp: 1900,
      vat_country: "DE",
      provider: "fake",
    });
    // 49.99 € gross with 19 % VAT inside: 7.98 € VAT, 42.01 € net.
    expect([Number(row.gross_cents), Number(row.vat_cents), Number(row.net_cents)]).toEqual([4999, 798, 4201]);
    expect((await refused(createRenewalOrder(rt.deps, 999_999))).status).toBe(404);
  });
});
