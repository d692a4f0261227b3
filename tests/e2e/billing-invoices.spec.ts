import Database from "better-sqlite3";
import { e2eDatabasePath } from "./e2e-database";
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * user/billing_invoices (issue 26 item 4) without JavaScript: the empty state, an invoice with its PDF download
 * (written into the e2e server's database as a settlement would), the billing details form refusing a malformed VAT
 * ID next to its field with the input kept, then saving — and a guest never gets the file.
 */

/** A paid order and its invoice for the member, as the settlement writes them (Polish buyer name, to see the font). */
function invoiceFor(username: string): { id: number; number: string } {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    const user = db.prepare("select id from users where username = ?").get(username) as { id: number };
    const now = Date.now();
    const publicId = `e2e${now.toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const order = db
      .prepare(
        `insert into orders (public_id, user_id, kind, status, paying_code, step, goods, sku, item_type, months, renewable, method, currency,
          list_gross_cents, discount_cents, net_cents, vat_cents, gross_cents, vat_rate_bp, vat_country, reverse_charge, customer, language,
          created_at, updated_at, paid_at)
         values (?, ?, 'normal', 'paid', 1, 'vat', 'membership', 'plus_client_3m', 1, 3, 1, 'CC', 'EUR', 2999, 0, 2520, 479, 2999, 1900, 'DE', 0, ?, 'de', ?, ?, ?)`,
      )
      .run(
        publicId,
        user.id,
        JSON.stringify({
          name: "Łucja Żółć",
          company: null,
          street: "Torstraße 5",
          postal_code: "10119",
          city: "Berlin",
          country: "DE",
          email: "l@example.test",
          vat_id: null,
        }),
        now,
        now,
        now,
      );
    const sequence = 900_000 + Math.floor(Math.random() * 99_999);
    const number = `2026-${sequence}`;
    const invoice = db
      .prepare(
        `insert into invoices (number, year, sequence, document, order_id, user_id, item_type, invoice_type, status, description, currency,
          net_cents, vat_cents, gross_cents, vat_rate_bp, vat_country, reverse_charge, buyer, service_start, service_end, payment_method,
          payment_reference, language, issued_at, retain_until, created_at, updated_at)
         values (?, 2026, ?, 'invoice', ?, ?, 1, 1, 'running', 'Plus-Mitgliedschaft, 3 Monate, verlängert sich automatisch', 'EUR',
          2520, 479, 2999, 1900, 'DE', 0, ?, ?, ?, 'CC', ?, 'de', ?, ?, ?, ?)`,
      )
      .run(
        number,
        sequence,
        order.lastInsertRowid,
        user.id,
        JSON.stringify({
          name: "Łucja Żółć",
          company: null,
          street: "Torstraße 5",
          postal_code: "10119",
          city: "Berlin",
          country: "DE",
          email: "l@example.test",
          vat_id: null,
        }),
        now,
        now + 90 * 86_400_000,
        `VLR-${publicId.toUpperCase()}`,
        now,
        Date.UTC(2035, 0, 1),
        now,
        now,
      );
    return { id: Number(invoice.lastInsertRowid), number };
  } finally {
    db.close();
  }
}

test("billing and invoices: empty, an invoice to download, billing details with errors next to the fields", async ({
  page,
  request,
  clientIp,
}) => {
  const username = await listedClient(request, clientIp, 1);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await logIn(page, username, SIGN_UP_PASSWORD);
  await page.goto("/de/user/billing_invoices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rechnungen & Zahlungsdaten");
  await expect(page.getByTestId("billing-invoices-empty")).toContainText("Noch keine Rechnungen.");
  await page.screenshot({ path: "test-results/billing-invoices-empty-390.png", fullPage: true });

  const { id, number } = invoiceFor(username);
  await page.goto("/de/user/billing_invoices");
  const item = page.getByTestId("invoice-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Rechnung ${number}`);
  await expect(item).toContainText("29,99");
  await expect(item).toContainText("Läuft");
  const link = item.getByRole("link", { name: "PDF herunterladen" });
  const href = await link.getAttribute("href");
  expect(href).toBe(`/de/user/billing_invoices/${id}`);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // A guest is sent to the login; an id that is not the member's answers 404.
  const guest = await request.get(href!, { maxRedirects: 0 });
  expect([302, 303]).toContain(guest.status());
  expect((await page.request.get(`/de/user/billing_invoices/${id + 100000}`)).status()).toBe(404);

  await page.getByLabel("Name", { exact: true }).fill("Lena Beispiel");
  await page.getByLabel("Firma (optional)").fill("Beispiel KG");
  await page.getByLabel("Straße und Hausnummer").fill("Ring 1");
  await page.getByLabel("Postleitzahl").fill("1010");
  await page.getByLabel("Ort").fill("Wien");
  await page.getByLabel("Land").selectOption("AT");
  await page.getByLabel("USt-IdNr. (optional)").fill("ATU1234");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.locator('[data-field-error="vat_id"]')).toHaveText("Das ist keine gültige USt-IdNr. eines EU-Landes.");
  await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Ring 1");
  await expect(page.getByLabel("Land")).toHaveValue("AT");
  await page.screenshot({ path: "test-results/billing-invoices-error-390.png", fullPage: true });

  await page.getByLabel("USt-IdNr. (optional)").fill("ATU 1234 5675");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/de\/user\/billing_invoices\?saved=1/);
  await expect(page.getByTestId("settings-notice")).toHaveText("Deine Rechnungsadresse ist gespeichert.");
  await expect(page.getByLabel("USt-IdNr. (optional)")).toHaveValue("ATU12345675");
  await expect(page.getByTestId("vat-id-status")).toContainText("VIES");
  await page.screenshot({ path: "test-results/billing-invoices-saved-390.png", fullPage: true });
});
