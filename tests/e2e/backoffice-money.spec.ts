import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import { camt053 } from "../api/accounting/helpers";
import { e2eDatabasePath } from "./e2e-database";
import { DEMO, expect, listedClient, test } from "./fixtures";

/**
 * The back office for money (issue 26 item 7, ADR 080) without JavaScript on a phone (390 px): a backend account
 * finds a member's paid order, is refused a refund without a reason (the amount kept), refunds part of it and sees
 * the credit note and the audit row; creates a promo code after a refused value; reads the revenue chart. The team
 * account gets the 404 of a page that does not exist.
 */

const SHOTS = "test-results/shots";

/** A paid plus order of demo_client, written into the e2e server's SQLite as the settlement would leave it. */
function insertPaidOrder(username: string, grossCents: number): { id: number; publicId: string } {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    const vat = Math.round((grossCents * 1900) / 11_900);
    const publicId = `ord_e2e_${randomBytes(6).toString("hex")}`;
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO orders (public_id, user_id, kind, status, paying_code, step, goods, sku, item_type, months, renewable, method,
           currency, list_gross_cents, discount_cents, net_cents, vat_cents, gross_cents, vat_rate_bp, vat_country, reverse_charge,
           language, provider, created_at, updated_at, paid_at)
         VALUES (?, (SELECT id FROM users WHERE username = ?), 'normal', 'paid', 1, 'vat', 'membership', 'plus_client_1m', 1, 1, 1, 'CC',
           'EUR', ?, 0, ?, ?, ?, 1900, 'DE', 0, 'de', 'fake', ?, ?, ?)`,
      )
      .run(publicId, username, grossCents, grossCents - vat, vat, grossCents, now, now, now);
    const id = Number(lastInsertRowid);
    // Its invoice, as the settlement writes it (year 1999 keeps it apart from the real numbering the credit note takes).
    db.prepare(
      `INSERT INTO invoices (number, year, sequence, document, order_id, user_id, item_type, invoice_type, status, description, currency,
         net_cents, vat_cents, gross_cents, vat_rate_bp, vat_country, reverse_charge, buyer, payment_method, payment_reference, language,
         issued_at, retain_until, created_at, updated_at)
       SELECT ?, 1999, ?, 'invoice', id, user_id, 1, 1, 'subscribed', 'Plus', 'EUR', net_cents, vat_cents, gross_cents, 1900, 'DE', 0, '{}',
         'CC', public_id, 'de', ?, ?, ?, ? FROM orders WHERE id = ?`,
    ).run(`1999-${publicId}`, id, now, now + 8 * 365 * 86_400_000, now, now, id);
    return { id, publicId };
  } finally {
    db.close();
  }
}

async function staffPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  return page;
}

test("a backend account refunds part of an order, with a reason, within what was paid", async ({ browser, request, clientIp }) => {
  test.setTimeout(120_000);
  // A fresh buyer: the demo client keeps no orders or invoices for the other specs.
  const buyer = await listedClient(request, clientIp, 1);
  const order = insertPaidOrder(buyer, 2990);
  const staff = await staffPage(browser, "demo_backend");

  await staff.goto(`/de/backoffice/orders?member=${buyer}`);
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Bestellungen");
  await staff.screenshot({ path: `${SHOTS}/backoffice-orders-390.png`, fullPage: true });
  await staff.getByRole("link", { name: `#${order.id}`, exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Bestellung #${order.id}`);
  await expect(staff.getByLabel("Betrag in Euro")).toHaveValue("29,90");

  // No reason: refused at the field, the typed amount kept, nothing refunded.
  await staff.getByLabel("Betrag in Euro").fill("10,00");
  await staff.getByRole("button", { name: "Erstatten" }).click();
  await expect(staff.locator("[data-field-error=reason]")).toHaveText("Bitte fülle dieses Feld aus.");
  await expect(staff.getByLabel("Betrag in Euro")).toHaveValue("10,00");
  await expect(staff.getByTestId("audit")).toHaveCount(0);

  // More than was paid: refused at the amount.
  await staff.getByLabel("Betrag in Euro").fill("30,00");
  await staff.getByLabel("Grund (Pflicht)").fill("Kulanz nach Beschwerde");
  await staff.getByRole("button", { name: "Erstatten" }).click();
  await expect(staff.locator("[data-field-error=amount]")).toHaveText("Höchstens der noch erstattbare Betrag.");
  await expect(staff.getByLabel("Grund (Pflicht)")).toHaveValue("Kulanz nach Beschwerde");

  await staff.getByLabel("Betrag in Euro").fill("10,00");
  await staff.getByRole("button", { name: "Erstatten" }).click();
  await expect(staff.getByTestId("refund-done")).toBeVisible();
  await expect(staff.getByTestId("audit")).toContainText("Erstattung");
  await expect(staff.getByTestId("audit")).toContainText("Kulanz nach Beschwerde");
  await expect(staff.getByTestId("order-invoices")).toContainText("Gutschrift");
  // What is left to refund: 29,90 € − 10,00 €.
  await expect(staff.getByLabel("Betrag in Euro")).toHaveValue("19,90");
  await staff.screenshot({ path: `${SHOTS}/backoffice-order-refunded-390.png`, fullPage: true });
});

test("a backend account creates and deactivates a promo code, imports a statement, reads revenue; team gets 404", async ({
  browser,
  request,
  clientIp,
}) => {
  test.setTimeout(120_000);
  const order = insertPaidOrder(await listedClient(request, clientIp, 2), 4990);
  const staff = await staffPage(browser, "demo_backend");
  // The way in: the staff card of the dashboard, for backend accounts only.
  await staff.goto("/de/my_dashboard");
  await staff.getByTestId("dashboard-money").click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Bestellungen");

  // A promo code: a percentage over 100 is refused at the value, the code kept; then created.
  const code = `E2E${randomBytes(3).toString("hex").toUpperCase()}`;
  await staff.goto("/de/backoffice/promo-codes");
  await staff.getByLabel("Code", { exact: true }).fill(code);
  await staff.getByLabel("Art", { exact: true }).selectOption("percent");
  await staff.getByLabel("Wert", { exact: true }).fill("150");
  await staff.getByLabel("Gültig bis (einschließlich)").fill("2030-12-31");
  await staff.getByRole("button", { name: "Anlegen" }).click();
  await expect(staff.locator("[data-field-error=value]")).toHaveText("Bitte einen Prozentwert von 1 bis 100.");
  await expect(staff.getByLabel("Code", { exact: true })).toHaveValue(code);
  await staff.getByLabel("Wert", { exact: true }).fill("15");
  await staff.getByRole("button", { name: "Anlegen" }).click();
  await expect(staff.getByTestId("promo-created")).toBeVisible();
  await expect(staff.getByTestId("promo-codes")).toContainText(code);
  await staff.screenshot({ path: `${SHOTS}/backoffice-promo-codes-390.png`, fullPage: true });
  await staff.getByRole("link", { name: code }).click();
  await staff.getByTestId("promo-toggle").click();
  await expect(staff.getByTestId("promo-done")).toHaveText("Der Code ist deaktiviert.");

  // A bank statement: uploaded as a file; its line that names no order waits in the unmatched list.
  const reference = `E2E-${randomBytes(4).toString("hex")}`;
  await staff.goto("/de/backoffice/bank/import");
  await staff.getByRole("button", { name: "Einlesen" }).click();
  await expect(staff.locator("[data-field-error=statement]")).toHaveText("Bitte fülle dieses Feld aus.");
  await staff.getByLabel("Datei").setInputFiles({
    name: "statement.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(camt053(4200, `Gruss ${reference}`, reference)),
  });
  await staff.getByRole("button", { name: "Einlesen" }).click();
  await expect(staff.getByTestId("import-done")).toContainText("1 Buchung ohne Zuordnung");
  const line = staff.getByTestId("unmatched").getByRole("listitem").filter({ hasText: reference });
  await line.getByLabel("Bestellung (Referenz)").fill("ord_does_not_exist");
  await line.getByRole("button", { name: "Zuordnen" }).click();
  await expect(
    staff.getByTestId("unmatched").getByRole("listitem").filter({ hasText: reference }).locator("[data-field-error=order_ref]"),
  ).not.toHaveText("");
  await staff.screenshot({ path: `${SHOTS}/backoffice-bank-390.png`, fullPage: true });

  await staff.goto("/de/backoffice/revenue");
  await expect(staff.getByRole("img", { name: /Umsatz brutto/ })).toBeVisible();
  await expect(staff.getByTestId("revenue-table")).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/backoffice-revenue-390.png`, fullPage: true });

  const team = await staffPage(browser, "demo_team");
  await team.goto("/de/my_dashboard");
  await expect(team.getByTestId("dashboard-staff")).toBeVisible();
  await expect(team.getByTestId("dashboard-money")).toHaveCount(0);
  for (const path of ["orders", `orders/${order.id}`, "payments", "invoices", "bank", "promo-codes", "revenue"])
    expect((await team.request.get(`/de/backoffice/${path}`)).status(), path).toBe(404);
});
