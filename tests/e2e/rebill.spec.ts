import { createHash, randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { e2eDatabasePath } from "./e2e-database";
import { expect, listedClient, test } from "./fixtures";

/**
 * Issue 26 item 5 in the browser, without JavaScript, at 390 px: a rebill link from a dunning mail is paid in one
 * step with the stored card (the in-app fake provider), and the spent link then answers with its own clear page (410).
 */

const SHOTS = "test-results/shots";
const DAY = 24 * 60 * 60 * 1000;

/**
 * A declined renewal of a fresh client's contract with a fresh link, as dunning leaves it; answers the link's token.
 * A fresh client: paying the link makes them plus, and the demo client stays free for the other specs.
 */
function dunningLink(username: string): string {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    const periodEnd = now - 60_000;
    const user = db.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number };
    const ref = `e2e_${randomBytes(6).toString("hex")}`;
    const customer = JSON.stringify({
      name: "Demo Client",
      company: null,
      street: "Hauptstr. 1",
      postal_code: "10115",
      city: "Berlin",
      country: "DE",
      email: "demo@example.test",
      vat_id: null,
    });
    const evidence = JSON.stringify({ billing_country: "DE", ip_country: "DE", payment_country: "DE" });
    const order = db
      .prepare(
        `INSERT INTO orders (public_id, user_id, kind, status, paying_code, step, goods, sku, item_type, months, renewable, method, currency,
          list_gross_cents, discount_cents, net_cents, vat_cents, gross_cents, vat_rate_bp, vat_country, reverse_charge, customer, evidence,
          language, provider, created_at, updated_at, paid_at)
         VALUES (?, ?, 'normal', 'paid', 1, 'vat', 'membership', 'plus_client_1m', 1, 1, 1, 'CC', 'EUR', 2990, 0, 2513, 477, 2990, 1900, 'DE', 0, ?, ?, 'de', 'fake', ?, ?, ?)`,
      )
      .run(ref, user.id, customer, evidence, periodEnd - 30 * DAY, periodEnd - 30 * DAY, periodEnd - 30 * DAY);
    const membership = db
      .prepare(
        `INSERT INTO memberships (user_id, package_id, status, renewable, months, price_cents, started_at, first_term_end, period_start, period_end,
          rebill_group, payment_method, payment_token, last_order_id, created_at, updated_at)
         VALUES (?, 'plus_client_1m', 'past_due', 1, 1, 2990, ?, ?, ?, ?, 2, 'CC', 'tok_e2e_ok', ?, ?, ?)`,
      )
      .run(user.id, periodEnd - 30 * DAY, periodEnd, periodEnd - 30 * DAY, periodEnd, order.lastInsertRowid, now, now);
    const renewal = db
      .prepare(
        `INSERT INTO renewals (membership_id, user_id, period_end, state, attempts, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, 'dunning', 1, ?, ?, ?)`,
      )
      .run(membership.lastInsertRowid, user.id, periodEnd, periodEnd + DAY, now, now);
    const token = randomBytes(32).toString("base64url");
    db.prepare(
      `INSERT INTO rebill_tokens (token_hash, renewal_id, membership_id, user_id, rebill_group, created_at, expires_at)
       VALUES (?, ?, ?, ?, 2, ?, ?)`,
    ).run(
      createHash("sha256").update(token).digest("hex"),
      renewal.lastInsertRowid,
      membership.lastInsertRowid,
      user.id,
      now,
      now + 7 * DAY,
    );
    return token;
  } finally {
    db.close();
  }
}

test("a rebill link is paid in one step without JavaScript; the spent link says so", async ({ page, request, clientIp }) => {
  const token = dunningLink(await listedClient(request, clientIp, 1));
  const response = await page.goto(`/de/paywall/rebill/${token}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("script[src]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plus weiter nutzen");
  // Group 2: the same package, 20 % off; the price in German.
  await expect(page.getByTestId("rebill-price")).toHaveText(/23,92\s€/);
  const pay = page.getByTestId("rebill-pay");
  await expect(pay).toContainText("Zahlungspflichtig verlängern");
  expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/rebill-offer-390.png`, fullPage: true });

  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/de/paywall/rebill/${token}\\?done=paid$`));
  await expect(page.getByTestId("rebill-done")).toContainText("Plus läuft weiter");
  await page.screenshot({ path: `${SHOTS}/rebill-paid-390.png`, fullPage: true });

  const spent = await page.goto(`/de/paywall/rebill/${token}`);
  expect(spent?.status()).toBe(410);
  await expect(page.getByTestId("rebill-gone")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/rebill-gone-390.png`, fullPage: true });
  expect((await page.goto(`/de/paywall/rebill/${"x".repeat(43)}`))?.status()).toBe(404);
});
