import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashToCodeFits } from "#server/contract/bank";
import { CASH_TO_CODE_SIGNATURE_HEADER, createCashToCodeProvider, signCashToCode } from "#server/integrations/payments/bank-providers";
import { loadConfig } from "#server/config";
import { USER_TYPE } from "#server/contract/users";
import { refundOrder } from "#server/modules/payments/index";
import { bindDoubles, type Doubles } from "../../helpers/payments";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";
import { payingOrder } from "./bank-fixtures";

describe(`cash to code (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let doubles: Doubles;
  beforeAll(async () => {
    rt = await createTestRuntime();
    doubles = bindDoubles(rt);
  });
  afterAll(async () => {
    await rt.close();
  });

  const request = (amountCents: number) => ({
    orderRef: "k7Qx9-order",
    amountCents,
    currency: "EUR",
    method: "CT" as const,
    description: "x",
    language: "de",
    returnUrl: "http://velora.test/de/buy/status?order=k7Qx9-order",
    notifyUrl: "http://velora.test/api/v2/payment/postback/cashtocode",
    customer: { name: "Max", email: "max@example.test", country: "DE" },
  });

  it("offers only the voucher values: a 29,90 € package is not paid by cash to code", async () => {
    expect([1000, 2500, 5000, 10000].map(cashToCodeFits)).toEqual([true, true, true, true]);
    expect([2990, 999, 0, 20000].map(cashToCodeFits)).toEqual([false, false, false, false]);
    const provider = createCashToCodeProvider(rt.deps.config);
    await expect(provider.start(request(2990))).rejects.toMatchObject({ key: "exception.bank.cash_to_code_amount" });
    // The provider itself refunds nothing: the refund is accepted for a transfer (bank module, pain.001).
    expect(await provider.refund({ orderRef: "x", providerReference: "y", amountCents: 100, reason: "withdrawal" })).toEqual({
      accepted: true,
    });
  });

  it("redirects to the voucher page, which works without JavaScript and sends a signed postback", async () => {
    const provider = createCashToCodeProvider(rt.deps.config);
    const started = await provider.start(request(2500));
    expect(started.kind).toBe("redirect");
    if (started.kind !== "redirect") return;
    const path = started.url.replace("http://velora.test", "");
    const page = await rt.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Testseite");
    expect(html).toContain("25,00");
    expect(html).toContain('<form method="post"');
    const posted = await rt.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "action=paid",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("http://velora.test/de/buy/status?order=k7Qx9-order");
    // A forged or foreign ticket shows the voucher as gone.
    expect((await rt.request("/api/v2/payment/cash-to-code/voucher/s1.forged")).status).toBe(404);
  });

  it("settles the order from the voucher page's signed postback, once, and a cancelled voucher fails it", async () => {
    const member = await signIn(rt, await createUser(rt));
    const provider = createCashToCodeProvider(rt.deps.config);
    const order = await payingOrder(rt, { userId: member.id, grossCents: 5000, method: "CT", provider: "cashtocode" });
    const started = await provider.start({
      ...request(5000),
      orderRef: order.publicId,
      returnUrl: `http://velora.test/de/buy/status?order=${order.publicId}`,
    });
    if (started.kind !== "redirect") throw new Error("a redirect was expected");
    const path = started.url.replace("http://velora.test", "");
    const press = (action: string) =>
      rt.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `action=${action}` });
    expect((await press("paid")).status).toBe(303);
    expect((await press("paid")).status).toBe(303);
    const row = await rt.deps.db.selectFrom("orders").select(["status", "method"]).where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "paid", method: "CT" });
    expect(doubles.fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    const txns = await rt.deps.db
      .selectFrom("payment_transactions")
      .select(["provider", "outcome", "amount_cents"])
      .where("order_id", "=", order.id)
      .execute();
    expect(txns).toEqual([{ provider: "cashtocode", outcome: "success", amount_cents: 5000 }]);

    // A withdrawal refunds it: by transfer to the IBAN the member gives, in the next pain.001.
    const staff = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    await refundOrder(rt.deps, { orderId: order.id, amountCents: 5000, reason: "Widerruf", staffId: staff.id });
    const badAccount = await callJson<{ errors?: Array<{ source?: string }> }>(
      rt,
      staff.token,
      "POST",
      "/api/v2/backoffice/bank/refund-transfers",
      {
        order_ref: order.publicId,
        iban: "DE00 1234",
        holder: "",
        amount_cents: 5000,
        reason: "Widerruf",
      },
    );
    expect(badAccount.status).toBe(400);
    expect(badAccount.json.errors?.map((e) => e.source)).toEqual(["iban", "holder"]);
    const queued = await callJson(rt, staff.token, "POST", "/api/v2/backoffice/bank/refund-transfers", {
      order_ref: order.publicId,
      iban: "NL91 ABNA 0417 1643 00",
      holder: "Zoë de Vries",
      amount_cents: 5000,
      reason: "Widerruf",
    });
    expect(queued.status).toBe(200);
    expect((await callJson(rt, member.token, "POST", "/api/v2/backoffice/bank/transfers", {})).status).toBe(403);
    const file = await callJson<{ data?: { id: number; transactions: number; control_sum_cents: number; kind: string } }>(
      rt,
      staff.token,
      "POST",
      "/api/v2/backoffice/bank/transfers",
      {},
    );
    expect(file.json.data).toMatchObject({ kind: "pain.001", transactions: 1, control_sum_cents: 5000 });
    const xml = await (await rt.request(`/api/v2/backoffice/bank/files/${file.json.data!.id}`, { token: staff.token })).text();
    expect(xml).toContain("<IBAN>NL91ABNA0417164300</IBAN>");
    expect(xml).toContain("<Nm>Zoe de Vries</Nm>");
    expect((await callJson(rt, staff.token, "POST", "/api/v2/backoffice/bank/transfers", {})).status).toBe(409);

    const other = await payingOrder(rt, { userId: member.id, grossCents: 1000, method: "CT", provider: "cashtocode" });
    const second = await provider.start({ ...request(1000), orderRef: other.publicId });
    if (second.kind !== "redirect") throw new Error("a redirect was expected");
    await rt.request(second.url.replace("http://velora.test", ""), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "action=cancelled",
    });
    expect((await rt.deps.db.selectFrom("orders").select("status").where("id", "=", other.id).executeTakeFirstOrThrow()).status).toBe(
      "failed",
    );
  });

  it("takes a postback only with a valid signature", () => {
    const provider = createCashToCodeProvider(rt.deps.config);
    const secret = rt.deps.config.bank.cashToCode.secret;
    const body = JSON.stringify({ transaction_id: "ctv-1", order_ref: "o-1", status: "paid", amount_cents: 2500, currency: "EUR" });
    const signature = signCashToCode(secret, body, 1_700_000_000_000);
    expect(provider.verifyPostback({ headers: { [CASH_TO_CODE_SIGNATURE_HEADER]: signature }, body })).toMatchObject({
      provider: "cashtocode",
      providerTxnId: "ctv-1",
      orderRef: "o-1",
      outcome: "success",
      amountCents: 2500,
      method: "CT",
    });
    expect(
      provider.verifyPostback({ headers: { [CASH_TO_CODE_SIGNATURE_HEADER]: signature }, body: body.replace("2500", "10000") }),
    ).toBeNull();
    expect(provider.verifyPostback({ headers: { [CASH_TO_CODE_SIGNATURE_HEADER]: signCashToCode("other", body, 1) }, body })).toBeNull();
    expect(provider.verifyPostback({ headers: {}, body })).toBeNull();
    const cancelled = JSON.stringify({
      transaction_id: "ctv-2",
      order_ref: "o-2",
      status: "cancelled",
      amount_cents: 1000,
      currency: "EUR",
    });
    expect(
      provider.verifyPostback({ headers: { [CASH_TO_CODE_SIGNATURE_HEADER]: signCashToCode(secret, cancelled, 5) }, body: cancelled })
        ?.outcome,
    ).toBe("failure");
  });

  it("is not offered in a real production start without a configured provider, nor is its page", () => {
    const production = loadConfig({ NODE_ENV: "production", APP_SECRET: "s", PUBLIC_URL: "https://velora.example" });
    expect(production.bank.enabled).toBe(false);
    expect(production.bank.cashToCode.enabled).toBe(false);
    expect(() => createCashToCodeProvider(production)).toThrow();
    const configured = loadConfig({
      NODE_ENV: "production",
      APP_SECRET: "s",
      PUBLIC_URL: "https://velora.example",
      BANK_IBAN: "DE89370400440532013000",
      BANK_CREDITOR_ID: "DE98ZZZ09999999999",
      CASHTOCODE_URL: "https://pay.example/voucher",
      CASHTOCODE_SECRET: "k",
    });
    expect(configured.bank).toMatchObject({
      enabled: true,
      demo: false,
      cashToCode: { enabled: true, url: "https://pay.example/voucher" },
    });
  });
});
