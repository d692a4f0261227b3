/**
 * The checkout (issue 26 items 2 and 3, ADR 074) through the real API on both databases: the four steps with the
 * server's price at each, a tampered total or sku refused, another member's order answering 404, digital content's
 * consent, promo codes (verify, percent and fixed, limits under 20 concurrent confirmations), a double submit, and
 * bad input never answering 5xx.
 *
 * What lies outside the checkout is replaced behind its own seam: the payment provider by a test adapter behind the
 * payment port (providers are outside the product), the goods by test handlers registered in the runtime's goods
 * registry (the plus module's own handler is tested there). VAT is the invoices module's real decision.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiDeps, GoodsHandler } from "#server/api/types";
import type { Goods, GoodsQuote } from "#server/contract/billing";
import type { PaymentProvider, PaymentRequest } from "#server/integrations/payments/port";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const fakes = vi.hoisted(() => {
  const started: PaymentRequest[] = [];
  const state = { failStart: false };
  const provider: PaymentProvider = {
    name: "testpay",
    methods: ["CC", "DD", "TR"],
    async start(request) {
      if (state.failStart) throw new Error("provider down");
      started.push(request);
      return request.method === "TR"
        ? { kind: "instructions", providerReference: `tp-${request.orderRef}`, instructions: { reference: request.orderRef } }
        : { kind: "redirect", url: `https://pay.example.test/${request.orderRef}`, providerReference: `tp-${request.orderRef}` };
    },
    charge: async () => ({ accepted: false, providerReference: "" }),
    refund: async () => ({ accepted: false }),
    verifyPostback: () => null,
  };
  return { started, state, provider };
});

vi.mock("#server/integrations/payments/registry", () => ({
  offeredMethods: () => [...fakes.provider.methods],
  providerFor: (_deps: unknown, method: string) => ((fakes.provider.methods as readonly string[]).includes(method) ? fakes.provider : null),
  providerNamed: (_deps: unknown, name: string) => (name === fakes.provider.name ? fakes.provider : null),
}));

interface Body<T> {
  data: T;
  errors?: Array<{ key: string; source?: string }>;
}
interface Order {
  ref: string;
  status: string;
  paying_code: number;
  step: string;
  next_step: string | null;
  sku: string;
  list_gross_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat_rate_bp: number;
  vat_country: string;
  reverse_charge: boolean;
  method: string | null;
  iban_last4: string | null;
  customer: { name: string; country: string } | null;
  promo_code: string | null;
  digital_content: boolean;
}

/** Test goods: plus-like packages (price by sku) and a dollar package (digital content). */
const PRICES: Record<string, number> = { m1: 2990, m3: 7470, m12: 23880 };
function quoteFor(goods: Goods, sku: string): GoodsQuote | null {
  if (goods === "membership" && sku in PRICES)
    return {
      goods,
      sku,
      gross_cents: PRICES[sku]!,
      item_type: 1,
      renewable: true,
      months: Number(sku.slice(1)),
      title_key: `test.${sku}`,
      digital_content: false,
    };
  if (goods === "dollar" && sku === "d100")
    return { goods, sku, gross_cents: 1000, item_type: 4, renewable: false, months: 0, title_key: "test.d100", digital_content: true };
  return null;
}
function testGoods(goods: Goods): GoodsHandler {
  return {
    catalogue: async () => Object.keys(goods === "membership" ? PRICES : { d100: 1 }).map((sku) => quoteFor(goods, sku)!),
    quote: async (_deps, _buyer, sku) => quoteFor(goods, sku),
    fulfil: async () => {},
    revoke: async () => {},
  };
}

describe(`checkout (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
    const deps = rt.deps as { features: ApiDeps["features"] };
    deps.features = {
      ...deps.features,
      goods: new Map<Goods, GoodsHandler>([
        ["membership", testGoods("membership")],
        ["dollar", testGoods("dollar")],
      ]),
    };
  }, 60_000);
  afterAll(() => rt.close());
  beforeEach(() => {
    fakes.state.failStart = false;
  });

  async function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    const { status, json } = await callJson<Body<T>>(rt, token, method, path, body);
    return { status, body: json };
  }
  /** A signed-in client, each from an address of its own (the login's per-address limit). */
  async function buyer() {
    return signIn(rt, await createUser(rt), freshIp());
  }
  const customer = {
    name: "Erika Mustermann",
    street: "Hauptstr. 1",
    postal_code: "10115",
    city: "Berlin",
    country: "DE",
    email: "erika@example.test",
  };

  /** An order through all four steps (card, no VAT ID). */
  async function readyOrder(token: string, options: { sku?: string; promo?: string; goods?: Goods; country?: string } = {}) {
    const started = await call<Order>(token, "POST", "/api/v2/payment/orders", {
      goods: options.goods ?? "membership",
      sku: options.sku ?? "m3",
      ...(options.promo ? { promo_code: options.promo } : {}),
    });
    expect(started.status).toBe(201);
    const ref = started.body.data.ref;
    expect(
      (await call<Order>(token, "POST", `/api/v2/payment/orders/${ref}/customer`, { ...customer, country: options.country ?? "DE" }))
        .status,
    ).toBe(200);
    expect((await call<Order>(token, "POST", `/api/v2/payment/orders/${ref}/payment`, { method: "CC" })).status).toBe(200);
    const vat = await call<Order>(token, "POST", `/api/v2/payment/orders/${ref}/vat`, {});
    expect(vat.status).toBe(200);
    return vat.body.data;
  }

  async function promo(
    code: string,
    values: Partial<{
      kind: "percent" | "fixed";
      value: number;
      goods: Goods | null;
      valid_until: number | null;
      max_redemptions: number | null;
      max_per_member: number;
    }> = {},
  ) {
    await rt.deps.db
      .insertInto("promo_codes")
      .values({
        code,
        kind: values.kind ?? "percent",
        value: values.value ?? 10,
        goods: values.goods === undefined ? "membership" : values.goods,
        valid_from: null,
        valid_until: values.valid_until ?? null,
        max_redemptions: values.max_redemptions ?? null,
        max_per_member: values.max_per_member ?? 1,
        redemptions: 0,
        active: 1,
        created_by: null,
        created_at: rt.clock.now(),
      })
      .execute();
  }

  it("takes the four steps with the server's price at each, prefilled from billing info, and confirms once", async () => {
    const me = await buyer();
    await rt.deps.db
      .insertInto("billing_infos")
      .values({
        user_id: me.id,
        name: "Erika M.",
        company: null,
        street: "Alte Str. 2",
        postal_code: "20095",
        city: "Hamburg",
        country: "DE",
        email: "e@example.test",
        vat_id: null,
        vat_id_status: null,
        updated_at: rt.clock.now(),
      })
      .execute();
    const offers = await call<{ offers: Array<{ sku: string; gross_cents: number }> }>(
      me.token,
      "GET",
      "/api/v2/payment/offers?goods=membership",
    );
    expect(offers.status).toBe(200);
    expect(offers.body.data.offers.map((o) => o.sku)).toEqual(["m1", "m3", "m12"]);

    // A price in the body is no field of the step: the server's quote is taken.
    const started = await call<Order>(me.token, "POST", "/api/v2/payment/orders", { goods: "membership", sku: "m3", gross_cents: 1 });
    expect(started.status).toBe(201);
    const order = started.body.data;
    expect(order).toMatchObject({
      status: "open",
      paying_code: 0,
      step: "goods",
      next_step: "customer",
      gross_cents: 7470,
      list_gross_cents: 7470,
    });
    expect(order.customer).toMatchObject({ name: "Erika M.", city: "Hamburg" });
    expect(order.net_cents + order.vat_cents).toBe(order.gross_cents);
    expect(order.ref).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // Steps in order: payment before customer is refused.
    expect((await call(me.token, "POST", `/api/v2/payment/orders/${order.ref}/payment`, { method: "CC" })).status).toBe(409);
    const badCustomer = await call(me.token, "POST", `/api/v2/payment/orders/${order.ref}/customer`, {
      ...customer,
      email: "nope",
      country: "XX",
    });
    expect(badCustomer.status).toBe(400);
    expect(badCustomer.body.errors?.map((e) => e.source).sort()).toEqual(["country", "email"]);
    const saved = await call<Order>(me.token, "POST", `/api/v2/payment/orders/${order.ref}/customer`, customer);
    expect(saved.body.data).toMatchObject({ step: "customer", next_step: "payment", customer: { name: "Erika Mustermann" } });

    const badIban = await call(me.token, "POST", `/api/v2/payment/orders/${order.ref}/payment`, {
      method: "DD",
      iban: "DE00 1234",
      holder: "Erika",
    });
    expect(badIban.body.errors?.[0]).toMatchObject({ key: "validation.checkout.iban_invalid", source: "iban" });
    const noHolder = await call(me.token, "POST", `/api/v2/payment/orders/${order.ref}/payment`, {
      method: "DD",
      iban: "DE89 3704 0044 0532 0130 00",
    });
    expect(noHolder.body.errors?.[0]).toMatchObject({ key: "validation.checkout.holder_required", source: "holder" });
    const dd = await call<Order>(me.token, "POST", `/api/v2/payment/orders/${order.ref}/payment`, {
      method: "DD",
      iban: "DE89 3704 0044 0532 0130 00",
      holder: "Erika Mustermann",
    });
    expect(dd.body.data).toMatchObject({ method: "DD", iban_last4: "3000", next_step: "vat" });
    const notOffered = await call(me.token, "POST", `/api/v2/payment/orders/${order.ref}/payment`, { method: "OB" });
    expect(notOffered.body.errors?.[0]).toMatchObject({ key: "validation.checkout.method_unavailable", source: "method" });

    const badVat = await call(me.token, "POST", `/api/v2/payment/orders/${order.ref}/vat`, { vat_id: "DE123" });
    expect(badVat.body.errors?.[0]).toMatchObject({ key: "validation.checkout.vat_id_invalid", source: "vat_id" });
    const vat = await call<Order>(me.token, "POST", `/api/v2/payment/orders/${order.ref}/vat`, {});
    expect(vat.body.data).toMatchObject({ step: "vat", next_step: null, vat_country: "DE", vat_rate_bp: 1900, gross_cents: 7470 });
    const evidence = await rt.deps.db
      .selectFrom("orders")
      .select(["evidence", "bank_holder"])
      .where("public_id", "=", order.ref)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(evidence.evidence!)).toMatchObject({ billing_country: "DE", payment_country: "DE" });
    expect(evidence.bank_holder).toBe("Erika Mustermann");

    // Tampered total or sku: refused, nothing started, still open.
    const before = fakes.started.length;
    const cheap = await call(me.token, "POST", "/api/v2/payment/pay", { order: order.ref, sku: "m3", total_cents: 100 });
    expect(cheap.status).toBe(409);
    expect(cheap.body.errors?.[0]?.key).toBe("exception.checkout.price_changed");
    const otherSku = await call(me.token, "POST", "/api/v2/payment/pay", { order: order.ref, sku: "m1", total_cents: 7470 });
    expect(otherSku.status).toBe(409);
    expect(fakes.started.length).toBe(before);
    expect((await call<Order>(me.token, "GET", `/api/v2/payment/orders/${order.ref}`)).body.data.status).toBe("open");

    const paid = await call<{ kind: string; redirect_url: string | null }>(me.token, "POST", "/api/v2/payment/pay", {
      order: order.ref,
      sku: "m3",
      total_cents: 7470,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ kind: "redirect", redirect_url: `https://pay.example.test/${order.ref}` });
    const request = fakes.started.at(-1)!;
    expect(request).toMatchObject({
      orderRef: order.ref,
      amountCents: 7470,
      currency: "EUR",
      method: "DD",
      bankAccount: { holder: "Erika Mustermann" },
    });
    expect(request.returnUrl).toContain(`/buy/status?order=${order.ref}`);

    // A second press starts nothing more.
    const again = await call(me.token, "POST", "/api/v2/payment/pay", { order: order.ref, sku: "m3", total_cents: 7470 });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.key).toBe("exception.checkout.not_open");
    expect(fakes.started.filter((r) => r.orderRef === order.ref)).toHaveLength(1);
    const inquiry = await call<{ paying_code: number; status: string; poll_ms: number }>(
      me.token,
      "GET",
      `/api/v2/payment/inquiry?order=${order.ref}`,
    );
    expect(inquiry.body.data).toMatchObject({ paying_code: 2, status: "paying", poll_ms: 2500 });
    // A paying order takes no more steps.
    expect((await call(me.token, "POST", `/api/v2/payment/orders/${order.ref}/vat`, {})).status).toBe(409);

    const history = await call<{ items: Array<{ ref: string; status: string }>; total: number }>(
      me.token,
      "GET",
      "/api/v2/payment/history",
    );
    expect(history.body.data.items[0]).toMatchObject({ ref: order.ref, status: "paying" });
    const info = await call<{ customer: { city: string }; is_member: boolean; open_order: string }>(
      me.token,
      "GET",
      "/api/v2/payment/user-info",
    );
    expect(info.body.data).toMatchObject({ customer: { city: "Hamburg" }, is_member: false, open_order: order.ref });
  });

  it("answers 404 for another member's order, whatever the operation", async () => {
    const owner = await buyer();
    const other = await buyer();
    const order = await readyOrder(owner.token);
    const ref = order.ref;
    expect((await call(other.token, "GET", `/api/v2/payment/orders/${ref}`)).status).toBe(404);
    expect((await call(other.token, "POST", `/api/v2/payment/orders/${ref}/goods`, { sku: "m1" })).status).toBe(404);
    expect((await call(other.token, "POST", `/api/v2/payment/orders/${ref}/customer`, customer)).status).toBe(404);
    expect((await call(other.token, "POST", `/api/v2/payment/orders/${ref}/payment`, { method: "CC" })).status).toBe(404);
    expect((await call(other.token, "POST", `/api/v2/payment/orders/${ref}/vat`, {})).status).toBe(404);
    expect((await call(other.token, "GET", `/api/v2/payment/inquiry?order=${ref}`)).status).toBe(404);
    expect(
      (await call(other.token, "POST", "/api/v2/payment/pay", { order: ref, sku: order.sku, total_cents: order.gross_cents })).status,
    ).toBe(404);
    expect((await call<{ total: number }>(other.token, "GET", "/api/v2/payment/history")).body.data.total).toBe(0);
    expect((await call(undefined, "GET", `/api/v2/payment/orders/${ref}`)).status).toBe(401);
    // The owner's order is untouched.
    expect((await call<Order>(owner.token, "GET", `/api/v2/payment/orders/${ref}`)).body.data).toMatchObject({
      status: "open",
      sku: "m3",
      gross_cents: 7470,
    });
  });

  it("charges the buyer's country's VAT, queues VIES for a VAT ID, and reverse-charges only once VIES confirmed it", async () => {
    const me = await buyer();
    const at = await readyOrder(me.token, { sku: "m1", country: "AT" });
    expect(at).toMatchObject({ vat_country: "AT", vat_rate_bp: 2000, reverse_charge: false });
    expect(at.net_cents).toBe(Math.round((2990 * 10_000) / 11_900));
    expect(at.vat_cents).toBe(Math.round((at.net_cents * 2000) / 10_000));
    expect(at.gross_cents).toBe(at.net_cents + at.vat_cents);
    // A VAT ID of the right format: VAT is still charged (checkout never waits for VIES) and the check is queued.
    const business = await call<Order>(me.token, "POST", `/api/v2/payment/orders/${at.ref}/vat`, { vat_id: "ATU 135 856 27" });
    expect(business.status).toBe(200);
    expect(business.body.data).toMatchObject({ reverse_charge: false, vat_rate_bp: 2000, vat_id: "ATU13585627" });
    const queued = await rt.deps.db.selectFrom("jobs").select(["kind", "payload"]).where("kind", "=", "invoices.vies_check").execute();
    expect(queued.some((job) => String(job.payload).includes("ATU13585627"))).toBe(true);
    // Once VIES confirmed the member's ID, the same step gives reverse charge.
    await rt.deps.db
      .insertInto("billing_infos")
      .values({
        user_id: me.id,
        name: "Firma GmbH",
        company: "Firma GmbH",
        street: "Ring 1",
        postal_code: "1010",
        city: "Wien",
        country: "AT",
        email: "f@example.test",
        vat_id: "ATU13585627",
        vat_id_status: "valid",
        updated_at: rt.clock.now(),
      })
      .execute();
    const confirmed = await call<Order>(me.token, "POST", `/api/v2/payment/orders/${at.ref}/vat`, { vat_id: "ATU13585627" });
    expect(confirmed.body.data).toMatchObject({ reverse_charge: true, vat_cents: 0, vat_rate_bp: 0, gross_cents: at.net_cents });
    const notEu = await call(me.token, "POST", `/api/v2/payment/orders/${at.ref}/vat`, { vat_id: "GB980780684" });
    expect(notEu.status).toBe(400);
    const countries = await call<{ countries: Array<{ country: string; rate_bp: number }> }>(
      me.token,
      "GET",
      "/api/v2/payment/vat-countries",
    );
    expect(countries.body.data.countries).toHaveLength(27);
    expect(countries.body.data.countries).toContainEqual({ country: "DE", rate_bp: 1900 });
  });

  it("records the client address's country as VAT evidence at the customer step; a private or unknown address gives none", async () => {
    const me = await buyer();
    const evidenceAfterCustomerStepFrom = async (ip: string, country: string) => {
      const started = await call<Order>(me.token, "POST", "/api/v2/payment/orders", { goods: "membership", sku: "m1" });
      const ref = started.body.data.ref;
      const response = await rt.request(`/api/v2/payment/orders/${ref}/customer`, {
        method: "POST",
        token: me.token,
        ip,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...customer, country }),
      });
      expect(response.status).toBe(200);
      const row = await rt.deps.db.selectFrom("orders").select("evidence").where("public_id", "=", ref).executeTakeFirstOrThrow();
      return JSON.parse(row.evidence!) as { billing_country: string; ip_country: string | null };
    };
    // 212.77.98.9 is a Polish network's, 193.99.144.80 a German one's (checked in the database file: tests/server).
    expect(await evidenceAfterCustomerStepFrom("212.77.98.9", "PL")).toMatchObject({ billing_country: "PL", ip_country: "PL" });
    expect(await evidenceAfterCustomerStepFrom("::ffff:193.99.144.80", "DE")).toMatchObject({ billing_country: "DE", ip_country: "DE" });
    expect(await evidenceAfterCustomerStepFrom("10.0.0.8", "DE")).toMatchObject({ ip_country: null });
  });

  it("asks for the express consent before digital content is delivered", async () => {
    const me = await buyer();
    const order = await readyOrder(me.token, { goods: "dollar", sku: "d100" });
    expect(order.digital_content).toBe(true);
    const without = await call(me.token, "POST", "/api/v2/payment/pay", { order: order.ref, sku: "d100", total_cents: order.gross_cents });
    expect(without.status).toBe(400);
    expect(without.body.errors?.[0]).toMatchObject({ key: "validation.checkout.digital_consent_required", source: "digital_consent" });
    const withConsent = await call(me.token, "POST", "/api/v2/payment/pay", {
      order: order.ref,
      sku: "d100",
      total_cents: order.gross_cents,
      digital_consent: true,
    });
    expect(withConsent.status).toBe(200);
    const row = await rt.deps.db
      .selectFrom("orders")
      .select(["digital_consent_at", "status"])
      .where("public_id", "=", order.ref)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "paying", digital_consent_at: rt.clock.now() });
  });

  it("verifies promo codes: percent and fixed, expired, for other goods, unknown", async () => {
    const me = await buyer();
    await promo("TESTPCT15", { value: 15 });
    await promo("TESTFIX5", { kind: "fixed", value: 500 });
    await promo("TESTOLD", { valid_until: rt.clock.now() - 1 });
    await promo("TESTDOLLAR", { goods: "dollar" });
    const pct = await call<{ discount_cents: number; gross_cents: number }>(
      me.token,
      "GET",
      "/api/v2/payment/verify-promotion-code?code=testpct15&goods=membership&sku=m1",
    );
    expect(pct.status).toBe(200);
    expect(pct.body.data).toMatchObject({ discount_cents: 448, gross_cents: 2542 });
    const fixed = await call<{ discount_cents: number }>(
      me.token,
      "GET",
      "/api/v2/payment/verify-promotion-code?code=TESTFIX5&goods=membership&sku=m1",
    );
    expect(fixed.body.data.discount_cents).toBe(500);
    for (const [code, key] of [
      ["TESTOLD", "validation.checkout.promo_expired"],
      ["TESTDOLLAR", "validation.checkout.promo_not_for_goods"],
      ["NOSUCHCODE", "validation.checkout.promo_unknown"],
    ] as const) {
      const answer = await call(me.token, "GET", `/api/v2/payment/verify-promotion-code?code=${code}&goods=membership&sku=m1`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]).toMatchObject({ key, source: "promo_code" });
    }
    // On an order the discount is the server's, and removing the code restores the price.
    const started = await call<Order>(me.token, "POST", "/api/v2/payment/orders", {
      goods: "membership",
      sku: "m1",
      promo_code: "TESTFIX5",
    });
    expect(started.body.data).toMatchObject({ promo_code: "TESTFIX5", discount_cents: 500, gross_cents: 2490 });
    const removed = await call<Order>(me.token, "POST", `/api/v2/payment/orders/${started.body.data.ref}/goods`, { sku: "m12" });
    expect(removed.body.data).toMatchObject({ promo_code: null, discount_cents: 0, gross_cents: 23880 });
  });

  it("holds a code limited to 5 to exactly 5 of 20 concurrent confirmations, and gives a place back when an order fails", async () => {
    await promo("TESTFIVE", { max_redemptions: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    const orders = [];
    for (const b of buyers) orders.push({ b, order: await readyOrder(b.token, { sku: "m1", promo: "TESTFIVE" }) });
    const answers = await Promise.all(
      orders.map(({ b, order }) =>
        call(b.token, "POST", "/api/v2/payment/pay", { order: order.ref, sku: "m1", total_cents: order.gross_cents }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(15);
    for (const a of refused) expect(a.body.errors?.[0]).toMatchObject({ key: "validation.checkout.promo_exhausted", source: "promo_code" });
    const code = await rt.deps.db
      .selectFrom("promo_codes")
      .select(["id", "redemptions"])
      .where("code", "=", "TESTFIVE")
      .executeTakeFirstOrThrow();
    expect(code.redemptions).toBe(5);
    const held = await rt.deps.db.selectFrom("promo_redemptions").select("order_id").where("promo_code_id", "=", code.id).execute();
    expect(held).toHaveLength(5);
    // The refused ones are still open and may pay without the code.
    const refusedRows = await rt.deps.db
      .selectFrom("orders")
      .select("status")
      .where("promo_code_id", "=", code.id)
      .where("status", "=", "open")
      .execute();
    expect(refusedRows).toHaveLength(15);

    // Settlement releases a failed order's reservation: one place again.
    const { releasePromoReservation } = await import("#server/modules/checkout/index");
    await rt.deps.db.transaction().execute((trx) => releasePromoReservation(trx, held[0]!.order_id));
    await rt.deps.db.transaction().execute((trx) => releasePromoReservation(trx, held[0]!.order_id));
    expect(
      (await rt.deps.db.selectFrom("promo_codes").select("redemptions").where("id", "=", code.id).executeTakeFirstOrThrow()).redemptions,
    ).toBe(4);
    const late = orders[answers.findIndex((a) => a.status !== 200)]!;
    const retry = await call(late.b.token, "POST", "/api/v2/payment/pay", {
      order: late.order.ref,
      sku: "m1",
      total_cents: late.order.gross_cents,
    });
    expect(retry.status).toBe(200);
  }, 60_000);

  it("keeps a member to their per-member limit of a code", async () => {
    await promo("TESTONCE", { max_per_member: 1 });
    const me = await buyer();
    const first = await readyOrder(me.token, { sku: "m1", promo: "TESTONCE" });
    expect(
      (await call(me.token, "POST", "/api/v2/payment/pay", { order: first.ref, sku: "m1", total_cents: first.gross_cents })).status,
    ).toBe(200);
    const second = await call(me.token, "POST", "/api/v2/payment/orders", { goods: "membership", sku: "m1", promo_code: "TESTONCE" });
    expect(second.status).toBe(400);
    expect(second.body.errors?.[0]).toMatchObject({ key: "validation.checkout.promo_used", source: "promo_code" });
  });

  it("fails the order and frees its code when the provider cannot start the payment", async () => {
    await promo("TESTDOWN", { max_redemptions: 1 });
    const me = await buyer();
    const order = await readyOrder(me.token, { sku: "m1", promo: "TESTDOWN" });
    fakes.state.failStart = true;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await call(me.token, "POST", "/api/v2/payment/pay", { order: order.ref, sku: "m1", total_cents: order.gross_cents });
    errors.mockRestore();
    expect(answer.status).toBe(409);
    expect(answer.body.errors?.[0]?.key).toBe("exception.checkout.provider_failed");
    const inquiry = await call<{ paying_code: number; status: string }>(me.token, "GET", `/api/v2/payment/inquiry?order=${order.ref}`);
    expect(inquiry.body.data).toMatchObject({ paying_code: -1, status: "failed" });
    expect(
      (await rt.deps.db.selectFrom("promo_codes").select("redemptions").where("code", "=", "TESTDOWN").executeTakeFirstOrThrow())
        .redemptions,
    ).toBe(0);
  });

  it("never answers 5xx to bad input", async () => {
    const me = await buyer();
    const order = await readyOrder(me.token);
    const bodies: unknown[] = [
      null,
      [],
      "x",
      1,
      { goods: "car", sku: "m1" },
      { goods: "membership", sku: "" },
      { goods: "membership", sku: "nope" },
      { goods: "membership", sku: "m1", promo_code: 5 },
      { goods: "membership", sku: "x".repeat(500) },
    ];
    for (const body of bodies) {
      const answer = await call(me.token, "POST", "/api/v2/payment/orders", body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const paths = [
      ["POST", `/api/v2/payment/orders/${order.ref}/customer`, { name: 1, country: null }],
      ["POST", `/api/v2/payment/orders/${order.ref}/payment`, { method: "XX" }],
      ["POST", `/api/v2/payment/orders/${order.ref}/vat`, { vat_id: ["a"] }],
      ["POST", "/api/v2/payment/orders/%27%3B--/vat", {}],
      ["POST", "/api/v2/payment/pay", { order: "short", sku: "m3", total_cents: "lots" }],
      ["POST", "/api/v2/payment/pay", { order: order.ref, sku: "m3", total_cents: 1.5 }],
      ["GET", "/api/v2/payment/inquiry?order=", undefined],
      ["GET", "/api/v2/payment/history?page=-1", undefined],
      ["GET", "/api/v2/payment/offers?goods=spaceship", undefined],
      ["GET", "/api/v2/payment/verify-promotion-code?code=&goods=membership&sku=m1", undefined],
    ] as const;
    for (const [method, path, body] of paths) {
      const answer = await call(me.token, method, path, body);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
  });
});
