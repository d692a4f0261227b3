/**
 * The generic hosted-form adapter and the signatures (issue 26, ADR 075). msw stands in for the provider's server API.
 * The sorted-fields scheme is checked with the example value its documentation gives.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HostedFormConfig } from "#server/integrations/payments/config";
import { createHostedFormProvider, HOSTED_SIGNATURE_HEADER } from "#server/integrations/payments/hosted-form";
import { signPayload, sortedFieldsSignature, verifyPayload, verifySortedFields } from "#server/integrations/payments/signature";

const msw = setupServer();
const NOW = Date.UTC(2026, 11, 6, 1, 0, 0);
const config: HostedFormConfig = {
  formUrl: "https://pay.example/form",
  apiUrl: "https://pay.example/api",
  secret: "0123456789abcdef-secret",
  merchantId: "M-1",
  scheme: "hmac-sha256",
};
const provider = (overrides: Partial<HostedFormConfig> = {}) =>
  createHostedFormProvider({ config: { ...config, ...overrides }, toleranceSeconds: 300, now: () => NOW });

describe("signatures", () => {
  it("HMAC over timestamp and body: good, altered, stale, malformed", () => {
    const header = signPayload("k", '{"a":1}', NOW / 1000);
    expect(verifyPayload("k", '{"a":1}', header, NOW, 300)).toBe("ok");
    expect(verifyPayload("k", '{"a":2}', header, NOW, 300)).toBe("mismatch");
    expect(verifyPayload("other", '{"a":1}', header, NOW, 300)).toBe("mismatch");
    expect(verifyPayload("k", '{"a":1}', header, NOW + 301_000, 300)).toBe("stale");
    expect(verifyPayload("k", '{"a":1}', header, NOW - 301_000, 300)).toBe("stale");
    expect(verifyPayload("k", '{"a":1}', "v1=abc", NOW, 300)).toBe("malformed");
    expect(verifyPayload("k", '{"a":1}', undefined, NOW, 300)).toBe("missing");
  });

  it("the sorted-fields scheme gives the documented example's value", () => {
    // The documentation's example: secret "aaB", fields shopID=123 and saleID=345 → SHA-256 of "aaB:saleID=345:shopID=123".
    expect(sortedFieldsSignature("aaB", { shopID: "123", saleID: "345" })).toBe(
      "acb4dd91827bc79999a04ac2082d0e43bb018a9ce563dfd3e863fbae32e5f381",
    );
    expect(
      verifySortedFields("aaB", {
        shopID: "123",
        saleID: "345",
        signature: "ACB4DD91827BC79999A04AC2082D0E43BB018A9CE563DFD3E863FBAE32E5F381",
      }),
    ).toBe(true);
    expect(
      verifySortedFields("aaB", {
        shopID: "124",
        saleID: "345",
        signature: "acb4dd91827bc79999a04ac2082d0e43bb018a9ce563dfd3e863fbae32e5f381",
      }),
    ).toBe(false);
  });
});

describe("the hosted-form adapter", () => {
  beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));
  afterEach(() => msw.resetHandlers());
  afterAll(() => msw.close());

  it("sends the buyer to the form with a signed request", async () => {
    const start = await provider().start({
      orderRef: "ref1",
      amountCents: 1999,
      currency: "EUR",
      method: "CC",
      description: "VELORA ref1",
      language: "de",
      returnUrl: "https://velora.example/de/buy/confirm?order=ref1",
      notifyUrl: "https://velora.example/api/v2/payment/postback/hosted",
      customer: { name: "A", email: "a@example.test", country: "DE" },
    });
    if (start.kind !== "redirect") throw new Error("redirect expected");
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://pay.example/form");
    expect(url.searchParams.get("amount_cents")).toBe("1999");
    expect(url.searchParams.get("signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("verifies JSON postbacks signed with the shared secret and refuses others", () => {
    const body = JSON.stringify({
      txn_id: "t1",
      order_ref: "ref1",
      outcome: "success",
      amount_cents: 1999,
      method: "CC",
      payment_country: "AT",
    });
    const good = provider().verifyPostback({ headers: { [HOSTED_SIGNATURE_HEADER]: signPayload(config.secret, body, NOW / 1000) }, body });
    expect(good).toMatchObject({
      provider: "hosted",
      providerTxnId: "t1",
      orderRef: "ref1",
      outcome: "success",
      amountCents: 1999,
      paymentCountry: "AT",
    });
    expect(provider().verifyPostback({ headers: { [HOSTED_SIGNATURE_HEADER]: signPayload("wrong", body, NOW / 1000) }, body })).toBeNull();
    const odd = JSON.stringify({ txn_id: "t1", order_ref: "ref1", outcome: "jackpot", amount_cents: 1 });
    expect(
      provider().verifyPostback({ headers: { [HOSTED_SIGNATURE_HEADER]: signPayload(config.secret, odd, NOW / 1000) }, body: odd }),
    ).toBeNull();
  });

  it("reads form postbacks in the sorted-fields scheme", () => {
    const fields: Record<string, string> = {
      type: "initial",
      saleID: "s-9",
      transactionID: "tx-9",
      referenceID: "ref9",
      priceAmount: "19.99",
    };
    fields.signature = sortedFieldsSignature(config.secret, fields);
    const body = new URLSearchParams(fields).toString();
    const event = provider({ scheme: "sorted-sha256" }).verifyPostback({ headers: {}, body });
    expect(event).toMatchObject({ providerTxnId: "tx-9", orderRef: "ref9", outcome: "success", amountCents: 1999, rebillToken: "s-9" });
    expect(provider({ scheme: "sorted-sha256" }).verifyPostback({ headers: {}, body: body.replace("19.99", "1.99") })).toBeNull();
  });

  it("refunds and charges through the provider's API, signed, and reads its answers", async () => {
    const seen: Array<{ path: string; verdict: string; body: Record<string, unknown> }> = [];
    msw.use(
      http.post("https://pay.example/api/:what", async ({ request, params }) => {
        const text = await request.text();
        seen.push({
          path: String(params.what),
          verdict: verifyPayload(config.secret, text, request.headers.get(HOSTED_SIGNATURE_HEADER) ?? undefined, NOW, 300),
          body: JSON.parse(text) as Record<string, unknown>,
        });
        return params.what === "refunds"
          ? HttpResponse.json({ accepted: true, txn_id: "rf-1" })
          : HttpResponse.json({ accepted: true, txn_id: "ch-1", outcome: "success" });
      }),
    );
    expect(await provider().refund({ orderRef: "ref1", providerReference: "t1", amountCents: 500, reason: "Kulanz" })).toEqual({
      accepted: true,
      providerTxnId: "rf-1",
    });
    const charge = await provider().charge({
      orderRef: "ref2",
      amountCents: 1999,
      currency: "EUR",
      method: "CC",
      description: "VELORA ref2",
      language: "de",
      returnUrl: "",
      notifyUrl: "https://velora.example/api/v2/payment/postback/hosted",
      customer: { name: "A", email: "a@example.test", country: "DE" },
      token: "tok-1",
    });
    expect(charge).toMatchObject({ accepted: true, providerReference: "ch-1", event: { outcome: "success", providerTxnId: "ch-1" } });
    expect(seen.map((s) => [s.path, s.verdict, s.body.merchant_id])).toEqual([
      ["refunds", "ok", "M-1"],
      ["charges", "ok", "M-1"],
    ]);
  });

  it("a refused or failing API call is no refund", async () => {
    msw.use(http.post("https://pay.example/api/refunds", () => new HttpResponse("down", { status: 503 })));
    expect(await provider().refund({ orderRef: "ref1", providerReference: "t1", amountCents: 500, reason: "x" })).toEqual({
      accepted: false,
    });
  });
});
