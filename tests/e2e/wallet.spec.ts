/**
 * The wallet without JavaScript at 390 px (issue 27 items 2 and 6, ADR 081): a fresh client's empty dollar page, the
 * purchase of 100 dollars through the checkout and the fake provider, the balance in the header and on user/dollar,
 * the PURCHASE in the history, its filters, the CSV download, the auto-recharge setting, and the legal pages with
 * their previous versions. Screenshots in the test's output folder, each judged by eye.
 */
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

test.describe("the wallet (no JavaScript)", () => {
  test("a fresh client buys 100 dollars and sees them in the header, on user/dollar and in the history", async ({
    page,
    request,
    clientIp,
  }, testInfo) => {
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    await page.goto("/de/user/dollar");
    await expect(page.getByRole("heading", { name: "Dollar", exact: true })).toBeVisible();
    await expect(page.getByTestId("wallet-available")).toHaveAttribute("data-available", "0");
    await expect(page.getByTestId("nav-dollars")).toHaveAttribute("data-wallet-available", "0");
    await expect(page.getByTestId("history-empty")).toContainText("Noch keine Bewegungen");
    await expect(page.getByTestId("history-csv")).toHaveCount(0);
    // No renewing plus contract: auto recharge is shown disabled with the reason (tests/e2e/wallet-rest.spec.ts).
    await expect(page.getByTestId("recharge-unavailable")).toHaveAttribute("data-reason", "no_renewing_plus");
    await page.screenshot({ path: testInfo.outputPath("wallet-empty-390.png"), fullPage: true });

    // Buy the base package through the checkout and the fake provider.
    await page.getByTestId("buy-dollars-100").click();
    await expect(page).toHaveURL(/\/de\/buy\?goods=dollar&sku=dollars-100/);
    const skuChoice = page.locator('input[name="sku"][value="dollars-100"]');
    if ((await skuChoice.count()) > 0) {
      await skuChoice.check();
      await page.getByRole("button", { name: "Weiter" }).click();
    }
    await page.getByLabel("Vor- und Nachname *").fill("Erika Mustermann");
    await page.getByLabel("Straße und Hausnummer *").fill("Hauptstr. 1");
    await page.getByLabel("PLZ *").fill("10115");
    await page.getByLabel("Ort *").fill("Berlin");
    await page.getByLabel("E-Mail für die Rechnung *").fill("erika@example.test");
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByLabel(/Kreditkarte/).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
    await expect(page).toHaveURL(/\/de\/buy\/confirm\?order=/);
    // The dollar order names its terms, and asks for the consent to deliver digital content at once.
    await expect(page.getByTestId("dollar-terms-note").getByRole("link", { name: "Dollar-Bedingungen" })).toHaveAttribute(
      "href",
      "/de/legal/dollar_terms",
    );
    await page.getByLabel(/Widerrufsrecht verliere/).check();
    await page.getByRole("button", { name: "zahlungspflichtig bestellen" }).click();
    await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
    await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "success");

    // The header shows the new balance on every page; user/dollar shows it and the purchase.
    await page.goto("/de/user/dollar");
    await expect(page.getByTestId("nav-dollars")).toHaveAttribute("data-wallet-available", "100");
    await expect(page.getByTestId("nav-dollars")).toContainText("100");
    await expect(page.getByTestId("wallet-available")).toHaveAttribute("data-available", "100");
    await expect(page.getByTestId("wallet-available")).toHaveText("100 Dollar");
    const purchase = page.getByTestId("history-entries").locator('li[data-kind="PURCHASE"]');
    await expect(purchase).toHaveCount(1);
    await expect(purchase).toContainText("Kauf");
    await expect(purchase).toContainText("+100 Dollar");
    await expect(purchase).toContainText("Danach: 100 Dollar");
    await page.screenshot({ path: testInfo.outputPath("wallet-filled-390.png"), fullPage: true });
    const navBox = await page.getByTestId("nav-dollars").boundingBox();
    expect(navBox?.height ?? 0).toBeGreaterThanOrEqual(44);

    // Filters: a plain GET form; a kind without movements says so and offers the way back.
    await page.getByLabel("Art").selectOption("CONSUME");
    await page.getByTestId("history-filter").click();
    await expect(page).toHaveURL(/kind=CONSUME/);
    await expect(page.getByTestId("history-empty")).toContainText("keine Bewegungen");
    await page.screenshot({ path: testInfo.outputPath("wallet-filtered-empty-390.png"), fullPage: true });
    await page.getByLabel("Art").selectOption("PURCHASE");
    await page.getByTestId("history-filter").click();
    await expect(page.getByTestId("history-entries").locator("li")).toHaveCount(1);

    // The CSV of the filtered history: UTF-8 with BOM, ';' in German.
    const csvHref = await page.getByTestId("history-csv").getAttribute("href");
    expect(csvHref).toBe("/de/user/dollar/history.csv?kind=PURCHASE");
    const csv = await page.request.get(csvHref as string);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.body());
    expect(text.startsWith("\uFEFFdate;operation_id;kind;amount;account;balance_after;reference\r\n")).toBe(true);
    expect(text).toMatch(/;PURCHASE;100;wallet;100;order:/);

    // Auto recharge needs a renewing plus contract: saving it is tested with one in tests/e2e/wallet-rest.spec.ts.
    await expect(page.getByRole("checkbox", { name: "Automatisch aufladen" })).toBeDisabled();
  });

  test("a refused auto-recharge post shows its error at the field and never a 5xx", async ({ page, request, clientIp }) => {
    await logIn(page, await listedClient(request, clientIp, 2), SIGN_UP_PASSWORD);
    await page.goto("/de/user/dollar");
    const origin = new URL(page.url()).origin;
    // A hand-made post: a package that does not exist. The page answers 400 with the error at the package field.
    const refused = await page.request.post("/de/user/dollar?index", {
      form: { intent: "auto_recharge", enabled: "on", sku: "dollars-7" },
      headers: { origin },
    });
    expect(refused.status()).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/id="field-sku-error"[^>]*>(<span[^>]*><\/span>)?Bitte überprüfe diese Eingabe\.<\/p>/);
    // Not a form at all: refused, never a 5xx.
    const json = await page.request.post("/de/user/dollar?index", { data: { sku: "dollars-100" }, headers: { origin } });
    expect(json.status()).toBeGreaterThanOrEqual(400);
    expect(json.status()).toBeLessThan(500);
  });

  test("the dollar terms and the standard contract, each with its previous version", async ({ page }, testInfo) => {
    for (const key of ["dollar_terms", "dollar_standard_contract"]) {
      await page.goto(`/de/legal/${key}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`legal-${key}-390.png`), fullPage: true });
      await page.getByRole("link", { name: "frühere Fassung" }).first().click();
      await expect(page).toHaveURL(new RegExp(`/de/legal/${key}/previous$`));
      await expect(page.locator("main")).toContainText("2026");
    }
    await page.goto("/de/legal/dollar_terms");
    await expect(page.locator("main")).toContainText("Dollar verfallen nicht, solange dein Konto besteht.");
    await expect(page.locator("main table")).toContainText("19,00 €");
    await page.goto("/en/legal/dollar_terms");
    await expect(page.locator("main")).toContainText("Dollars do not expire as long as your account exists.");
  });
});
