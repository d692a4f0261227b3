import { createHmac, randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { createFakeProvider } from "#server/integrations/payments/fake";
import { e2eDatabasePath } from "./e2e-database";
import { expect, listedClient, test } from "./fixtures";

/**
 * Issue 26 item 3 (ADR 075) in the browser, without JavaScript, at 390 px: the fake provider's page says it is a test,
 * and its success button pays the order — through its signed postback, not the return address — and sends the buyer
 * back. The order is written into the e2e server's SQLite file as the checkout's confirm step writes it; its payment is
 * started with the e2e server's fake key (APP_SECRET e2e-secret, scripts/e2e-server.mjs).
 */

const SHOTS = "test-results/shots";

/** A confirmed order of a fresh client (paying it makes them plus: never a demo account the other specs rely on). */
function confirmedOrder(username: string): { id: number; ref: string } {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const user = db.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number };
    const ref = randomBytes(12).toString("base64url");
    const now = Date.now();
    const info = db
      .prepare(
        `INSERT INTO orders (public_id, user_id, kind, status, paying_code, step, goods, sku, item_type, months, renewable, method,
           currency, list_gross_cents, discount_cents, net_cents, vat_cents, gross_cents, vat_rate_bp, vat_country, reverse_charge,
           customer, language, provider, created_at, updated_at)
         VALUES (?, ?, 'normal', 'paying', 2, 'vat', 'membership', 'plus_client_1m', 1, 1, 1, 'CC', 'EUR', 2990, 0, 2513, 477, 2990,
           1900, 'DE', 0, ?, 'de', 'fake', ?, ?)`,
      )
      .run(ref, user.id, JSON.stringify({ name: "E2E Buyer", country: "DE", email: "e2e@example.test" }), now, now);
    return { id: Number(info.lastInsertRowid), ref };
  } finally {
    db.close();
  }
}

function orderStatus(id: number): string {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true, readonly: true });
  try {
    return (db.prepare("SELECT status FROM orders WHERE id = ?").get(id) as { status: string }).status;
  } finally {
    db.close();
  }
}

test("the fake provider's page works without JavaScript: marked as a test, success pays through the postback", async ({
  page,
  baseURL,
  request,
  clientIp,
}) => {
  const order = confirmedOrder(await listedClient(request, clientIp, 1));
  const secret = createHmac("sha256", "e2e-secret").update("payments:fake-provider").digest("hex");
  const provider = createFakeProvider(
    { publicUrl: baseURL as string, payments: { fake: { enabled: true, secret }, postbackToleranceSeconds: 300 } } as never,
    Date.now,
  );
  const start = await provider.start({
    orderRef: order.ref,
    amountCents: 2990,
    currency: "EUR",
    method: "CC",
    description: `VELORA ${order.ref}`,
    language: "de",
    returnUrl: `${baseURL}/de`,
    notifyUrl: `${baseURL}/api/v2/payment/postback/fake`,
    customer: { name: "E2E Buyer", email: "e2e@example.test", country: "DE" },
  });
  if (start.kind !== "redirect") throw new Error("the fake provider redirects");

  await page.goto(start.url);
  await expect(page.getByRole("note")).toContainText("TESTANBIETER");
  await expect(page.getByText("29,90 €")).toBeVisible();
  const success = page.getByRole("button", { name: "Zahlung erfolgreich" });
  const box = await success.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/payments-fake-provider-390.png`, fullPage: true });
  expect(orderStatus(order.id)).toBe("paying");

  await success.click();
  await expect(page).toHaveURL(/\/de$/);
  expect(orderStatus(order.id)).toBe("paid");
});
