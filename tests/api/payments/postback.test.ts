/**
 * The postback route and the settlement path (issue 26 item 3, ADR 075), on SQLite and PostgreSQL: forged, stale and
 * replayed postbacks, the outcomes, amount mismatches, a second payment, 20 copies of one postback at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayload } from "#server/integrations/payments/signature";
import { reconcileLedger, systemBalance } from "#server/modules/ledger/index";
import { bindDoubles, createOrder, postbackBody, sendPostback, type Doubles } from "../../helpers/payments";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`payment postbacks (${TEST_DB})`, () => {
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
  const txnsOf = (id: number) => rt.deps.db.selectFrom("payment_transactions").selectAll().where("order_id", "=", id).execute();
  const invoicesOf = (id: number) => rt.deps.db.selectFrom("invoices").selectAll().where("order_id", "=", id).orderBy("id").execute();
  const flagsOf = (id: number) => rt.deps.db.selectFrom("payment_flags").selectAll().where("order_id", "=", id).execute();

  async function paidOrder() {
    const buyer = await createUser(rt);
    const order = await createOrder(rt, buyer.id);
    expect((await sendPostback(rt, postbackBody(order.ref, "success", order.gross))).status).toBe(200);
    return { buyer, order };
  }

  it("a forged postback (wrong key, altered body, stale or missing signature) answers 400 and changes nothing", async () => {
    const buyer = await createUser(rt);
    const order = await createOrder(rt, buyer.id);
    const body = JSON.stringify(postbackBody(order.ref, "success", order.gross));
    const now = Math.floor(rt.clock.now() / 1000);
    const forged: Array<Record<string, string>> = [
      { "content-type": "application/json", "x-fake-signature": signPayload("not-the-key", body, now) },
      { "content-type": "application/json" },
      { "content-type": "application/json", "x-fake-signature": "t=1,v1=zz" },
      // Signed 10 minutes ago: outside the 5 minutes a signature is good for.
      { "content-type": "application/json", "x-fake-signature": signPayload(rt.deps.config.payments.fake.secret, body, now - 600) },
    ];
    for (const headers of forged) {
      const response = await sendPostback(rt, body, headers);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Array<{ key: string }> }).errors[0]?.key).toBe("exception.payments.invalid_signature");
    }
    // A correct signature over another body: the amount changed on the way.
    const signedFor = signPayload(rt.deps.config.payments.fake.secret, body, now);
    const altered = body.replace(`"amount_cents":${order.gross}`, `"amount_cents":1`);
    expect((await sendPostback(rt, altered, { "content-type": "application/json", "x-fake-signature": signedFor })).status).toBe(400);
    expect(await txnsOf(order.id)).toHaveLength(0);
    expect((await orderOf(order.id)).status).toBe("paying");
    expect(seen.fulfilled).not.toContain(order.id);
  });

  it("a verified success pays the order once: delivered, invoiced, booked; its replay answers 200 and changes nothing", async () => {
    const buyer = await createUser(rt);
    const order = await createOrder(rt, buyer.id);
    const body = postbackBody(order.ref, "success", order.gross);
    const first = await sendPostback(rt, body);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: unknown }).data).toEqual({ received: true, applied: true });
    const paid = await orderOf(order.id);
    expect(paid).toMatchObject({ status: "paid", paying_code: 1 });
    expect(Number(paid.paid_at)).toBe(rt.clock.now());

    rt.clock.advance(60_000);
    const replay = await sendPostback(rt, body);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { data: unknown }).data).toEqual({ received: true, applied: false });
    expect(seen.fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    expect(await txnsOf(order.id)).toHaveLength(1);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(Number((await orderOf(order.id)).paid_at)).toBe(Number(paid.paid_at));
    const report = await reconcileLedger(rt.deps, "euro");
    expect(report.imbalance).toBe(0);
  });

  it("the same postback 20 times at once delivers once; 20 different successes at once pay once and flag 19", async () => {
    const buyer = await createUser(rt);
    const order = await createOrder(rt, buyer.id);
    const body = postbackBody(order.ref, "success", order.gross);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendPostback(rt, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const applied = await Promise.all(answers.map(async (a) => ((await a.json()) as { data: { applied: boolean } }).data.applied));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(seen.fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    expect(await invoicesOf(order.id)).toHaveLength(1);

    const other = await createOrder(rt, buyer.id);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => sendPostback(rt, postbackBody(other.ref, "success", other.gross, `fk_other_${i}`))),
    );
    expect((await orderOf(other.id)).status).toBe("paid");
    expect(seen.fulfilled.filter((id) => id === other.id)).toHaveLength(1);
    expect(await invoicesOf(other.id)).toHaveLength(1);
    const flags = await flagsOf(other.id);
    expect(flags.map((f) => f.kind)).toEqual(Array(19).fill("duplicate_payment"));
    expect((await reconcileLedger(rt.deps, "euro")).imbalance).toBe(0);
  });

  it("a success whose amount is not the order's grants nothing: recorded, flagged, the money held as unapplied", async () => {
    const buyer = await createUser(rt);
    const order = await createOrder(rt, buyer.id);
    const unappliedBefore = await systemBalance(rt.deps, "unapplied_payments", "euro");
    const response = await sendPostback(rt, postbackBody(order.ref, "success", order.gross - 1000));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual({ received: true, applied: false });
    expect((await orderOf(order.id)).status).toBe("paying");
    expect(seen.fulfilled).not.toContain(order.id);
    expect(await invoicesOf(order.id)).toHaveLength(0);
    expect((await flagsOf(order.id)).map((f) => [f.kind, Number(f.amount_cents)])).toEqual([["amount_mismatch", order.gross - 1000]]);
    expect((await systemBalance(rt.deps, "unapplied_payments", "euro")) - unappliedBefore).toBe(-(order.gross - 1000));
  });

  it("failure frees the promo code once; pending keeps paying (code 2) until a success; a success after a failure is honoured and flagged", async () => {
    const buyer = await createUser(rt);
    const failing = await createOrder(rt, buyer.id, { promoCodeId: 7 });
    const failure = postbackBody(failing.ref, "failure", failing.gross);
    await sendPostback(rt, failure);
    await sendPostback(rt, failure);
    expect(await orderOf(failing.id)).toMatchObject({ status: "failed", paying_code: -1 });
    expect(seen.promoReleased.filter((id) => id === failing.id)).toHaveLength(1);
    await sendPostback(rt, postbackBody(failing.ref, "success", failing.gross));
    expect((await orderOf(failing.id)).status).toBe("paid");
    expect((await flagsOf(failing.id)).map((f) => f.kind)).toEqual(["late_success"]);

    const waiting = await createOrder(rt, buyer.id);
    await sendPostback(rt, postbackBody(waiting.ref, "pending", waiting.gross));
    expect(await orderOf(waiting.id)).toMatchObject({ status: "paying", paying_code: 2 });
    expect(seen.fulfilled).not.toContain(waiting.id);
    await sendPostback(rt, postbackBody(waiting.ref, "success", waiting.gross));
    expect(await orderOf(waiting.id)).toMatchObject({ status: "paid", paying_code: 1 });
    expect(seen.fulfilled.filter((id) => id === waiting.id)).toHaveLength(1);
  });

  it("a chargeback ends the good, credits what was left, flags the account and books it back; its replay changes nothing", async () => {
    const { buyer, order } = await paidOrder();
    const clearingBefore = await systemBalance(rt.deps, "provider_clearing", "euro");
    const chargeback = postbackBody(order.ref, "chargeback", order.gross);
    expect((await sendPostback(rt, chargeback)).status).toBe(200);
    expect((await sendPostback(rt, chargeback)).status).toBe(200);
    expect((await orderOf(order.id)).status).toBe("charged_back");
    expect(seen.revoked.filter(([id]) => id === order.id)).toEqual([[order.id, "chargeback"]]);
    const documents = await invoicesOf(order.id);
    expect(documents.map((d) => [d.document, Number(d.gross_cents)])).toEqual([
      ["invoice", order.gross],
      ["credit_note", order.gross],
    ]);
    expect(seen.invoiceStatuses).toContainEqual([order.id, "charge_back"]);
    const flags = await flagsOf(order.id);
    expect(flags.map((f) => [f.kind, f.user_id])).toEqual([["chargeback", buyer.id]]);
    expect((await systemBalance(rt.deps, "provider_clearing", "euro")) - clearingBefore).toBe(-order.gross);
    expect((await reconcileLedger(rt.deps, "euro")).imbalance).toBe(0);
  });

  it("a provider's postback for an unknown order answers 404, an unknown provider 404, and neither records anything", async () => {
    const before = await rt.deps.db
      .selectFrom("payment_transactions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect((await sendPostback(rt, postbackBody("no-such-order", "success", 100))).status).toBe(404);
    const unknown = await rt.request("/api/v2/payment/postback/nobody", { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    const after = await rt.deps.db
      .selectFrom("payment_transactions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
