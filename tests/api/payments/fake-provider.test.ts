/**
 * The fake provider's page and the provider registry (issue 26, ADR 075): the page pays an order only through its
 * signed postback, refuses tampered addresses and foreign origins, and a real production start has neither the page
 * nor the provider unless PAYMENTS_FAKE=1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "#server/api/app";
import { loadConfig } from "#server/config";
import { offeredMethods, providerFor, providerNamed } from "#server/integrations/payments/registry";
import { paymentDestinations } from "#server/modules/payments/index";
import { bindDoubles, createOrder, type Doubles } from "../../helpers/payments";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const PRODUCTION = { NODE_ENV: "production" as const, PUBLIC_URL: "https://velora.example", APP_SECRET: "a-production-secret" };

describe(`the fake payment provider (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let seen: Doubles;
  beforeAll(async () => {
    rt = await createTestRuntime();
    seen = bindDoubles(rt);
  });
  afterAll(async () => {
    await rt.close();
  });

  async function started() {
    const buyer = await createUser(rt);
    const order = await createOrder(rt, buyer.id);
    const provider = providerFor(rt.deps, "CC");
    expect(provider?.name).toBe("fake");
    const start = await provider!.start({
      orderRef: order.ref,
      amountCents: order.gross,
      currency: "EUR",
      method: "CC",
      description: `VELORA ${order.ref}`,
      language: "de",
      returnUrl: `http://velora.test/de/buy/confirm?order=${order.ref}`,
      notifyUrl: paymentDestinations(rt.deps.config, provider!.name).notifyUrl,
      customer: { name: "Test", email: "t@example.test", country: "DE" },
    });
    if (start.kind !== "redirect") throw new Error("the fake provider redirects");
    const url = new URL(start.url);
    expect(url.origin).toBe("http://velora.test");
    return { order, path: `${url.pathname}${url.search}`, form: Object.fromEntries(url.searchParams) };
  }

  const post = (path: string, fields: Record<string, string>, origin = "http://velora.test") =>
    rt.request(path.split("?")[0] as string, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams(fields).toString(),
    });

  it("shows a page marked as a test with the amount, and its success button pays through the signed postback", async () => {
    const { order, path, form } = await started();
    const page = await rt.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("TESTANBIETER");
    expect(html).toContain("19,99");
    expect(html).not.toContain("<script");

    const answer = await post(path, { ...form, outcome: "success" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`http://velora.test/de/buy/confirm?order=${order.ref}`);
    const row = await rt.deps.db
      .selectFrom("orders")
      .select(["status", "paying_code"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "paid", paying_code: 1 });
    expect(seen.fulfilled.filter((id) => id === order.id)).toHaveLength(1);

    // Later, from the same address: a partial refund, then a chargeback of the rest.
    const refund = await post(path, { ...form, outcome: "refund", amount: "5,00" });
    expect(refund.status).toBe(303);
    expect(refund.headers.get("location")).toContain("sent=refund");
    expect((await post(path, { ...form, outcome: "chargeback" })).status).toBe(303);
    const after = await rt.deps.db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("charged_back");
    const notes = await rt.deps.db
      .selectFrom("invoices")
      .select("gross_cents")
      .where("order_id", "=", order.id)
      .where("document", "=", "credit_note")
      .orderBy("id")
      .execute();
    expect(notes.map((n) => Number(n.gross_cents))).toEqual([500, order.gross - 500]);
  });

  it("refuses a tampered address, an unknown outcome and a post from another site, and nothing is paid", async () => {
    const { order, path, form } = await started();
    const tampered = form.d!.slice(0, -2) + (form.d!.endsWith("A") ? "BB" : "AA");
    expect((await rt.request(path.replace(form.d!, tampered))).status).toBe(404);
    expect((await post(path, { ...form, d: tampered, outcome: "success" })).status).toBe(400);
    expect((await post(path, { ...form, outcome: "jackpot" })).status).toBe(400);
    expect((await post(path, { ...form, outcome: "success" }, "https://evil.example")).status).toBe(403);
    const row = await rt.deps.db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("paying");
  });

  it("offers card and open banking through the fake by default, and the bank's methods with the bank's demo details", () => {
    expect(offeredMethods(rt.deps)).toEqual(["DD", "CC", "TR", "CT", "OB"]);
    expect(providerFor(rt.deps, "DD")?.name).not.toBe("fake");
    expect(providerNamed(rt.deps, "fake")?.methods).toEqual(["CC", "OB"]);
    expect(providerNamed(rt.deps, "nobody")).toBeNull();
  });

  it("a real production start has no fake page, no fake postbacks and offers nothing until a provider is configured", async () => {
    const config = loadConfig(PRODUCTION);
    expect(config.payments.fake.enabled).toBe(false);
    expect(offeredMethods({ config })).toEqual([]);
    const api = createApiApp({ ...rt.deps, config });
    const page = await api.fetch(new Request("https://velora.example/fake-provider/pay/abc?d=x&s=y"));
    expect(page.status).toBe(404);
    const postback = await api.fetch(new Request("https://velora.example/api/v2/payment/postback/fake", { method: "POST", body: "{}" }));
    expect(postback.status).toBe(404);
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_CARD_PROVIDER: "fake" })).toThrow(/PAYMENTS_FAKE=1/);

    const staging = loadConfig({ ...PRODUCTION, PAYMENTS_FAKE: "1" });
    expect(staging.payments.fake.enabled).toBe(true);
    expect(offeredMethods({ config: staging })).toEqual(["CC", "OB"]);
    const stagingApi = createApiApp({ ...rt.deps, config: staging });
    expect((await stagingApi.fetch(new Request("https://velora.example/fake-provider/pay/abc?d=x&s=y"))).status).toBe(404);
    const hosted = loadConfig({
      ...PRODUCTION,
      PAYMENTS_HOSTED_FORM_URL: "https://pay.example/form",
      PAYMENTS_HOSTED_API_URL: "https://pay.example/api",
      PAYMENTS_HOSTED_SECRET: "0123456789abcdef0123",
    });
    expect(offeredMethods({ config: hosted })).toEqual(["CC", "OB"]);
    expect(providerFor({ config: hosted }, "CC")?.name).toBe("hosted");
  });
});
