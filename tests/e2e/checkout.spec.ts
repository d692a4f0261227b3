/**
 * The checkout without JavaScript (issue 26 items 2 and 3): a client buys plus through every step with the fake
 * provider, sees success and at once the plus search radius and their visitors; a failed payment; a pending payment
 * that the provider's later message finishes. Screenshots of every step at 390 px (test-results/checkout-*.png).
 * Each test buys as a fresh client: the demo accounts stay free members for the other specs on the shared server.
 */
import type { Page } from "@playwright/test";
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

test.describe("checkout (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function throughSteps(page: Page, shot: boolean) {
    await page.goto("/de/buy?goods=membership");
    if (shot) await page.screenshot({ path: "test-results/checkout-1-goods.png", fullPage: true });
    await page.locator('input[name="sku"]').nth(1).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("heading", { name: "Deine Daten" })).toBeVisible();
    // A refused post keeps what was typed and shows the error at its field.
    await page.getByLabel("Vor- und Nachname *").fill("Erika Mustermann");
    await page.getByLabel("Straße und Hausnummer *").fill("Hauptstr. 1");
    await page.getByLabel("PLZ *").fill("10115");
    await page.getByLabel("Ort *").fill("Berlin");
    await page.getByLabel("E-Mail für die Rechnung *").fill("erika@example.test");
    if (shot) await page.screenshot({ path: "test-results/checkout-2-customer.png", fullPage: true });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("heading", { name: "Zahlung", exact: true })).toBeVisible();
    await page.getByLabel(/Kreditkarte/).check();
    if (shot) await page.screenshot({ path: "test-results/checkout-3-payment.png", fullPage: true });
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByLabel("USt-IdNr.").fill("DE123");
    await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
    await expect(page.locator("#field-vat_id-error")).toContainText("Format");
    await expect(page.getByLabel("USt-IdNr.")).toHaveValue("DE123");
    if (shot) await page.screenshot({ path: "test-results/checkout-4-vat-error.png", fullPage: true });
    await page.getByLabel("USt-IdNr.").fill("");
    await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
    await expect(page).toHaveURL(/\/de\/buy\/confirm\?order=/);
    const button = page.getByRole("button", { name: "zahlungspflichtig bestellen" });
    await expect(button).toBeVisible();
    await expect(page.getByTestId("confirm-terms")).toContainText("verlängert sich");
    if (shot) await page.screenshot({ path: "test-results/checkout-5-confirm.png", fullPage: true });
    await button.click();
  }

  test("a client buys plus through every step with the fake provider and has plus at once", async ({ page, request, clientIp }) => {
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    // A free client: search stops at 100 km and the radius field names the way to plus (in the folded filters).
    await page.goto("/de/escorts?radius=500");
    await expect(page.getByTestId("radius-upgrade")).toHaveCount(1);
    await expect(page.locator('select[name="radius"] option[value="500"]')).toHaveCount(0);

    await throughSteps(page, true);
    await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
    await expect(page).toHaveURL(/\/de\/buy\/status\?order=/);
    await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "success");
    await page.screenshot({ path: "test-results/checkout-6-success.png", fullPage: true });
    await expect(page.getByRole("link", { name: "Deine Besucher" })).toBeVisible();

    // Plus runs from the verified postback on: the 500 km radius in search, and the visitors list unlocked.
    await page.goto("/de/escorts?radius=500");
    await expect(page.locator('select[name="radius"]')).toHaveValue("500");
    await expect(page.getByTestId("radius-upgrade")).toHaveCount(0);
    await page.goto("/de/visitor");
    await expect(page.getByTestId("locked-list")).toHaveCount(0);
    await expect(page.getByTestId("upgrade-link")).toHaveCount(0);
  });

  test("a pending payment waits on a page that refreshes itself until the provider's message finishes it", async ({
    page,
    request,
    clientIp,
  }) => {
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    await throughSteps(page, false);
    await page.waitForURL(/\/fake-provider\/pay\//);
    const providerPage = page.url();
    await page.getByRole("button", { name: "Zahlung ausstehend" }).click();
    const status = page.getByTestId("checkout-status");
    await expect(status).toHaveAttribute("data-state", "paying");
    await expect(status).toHaveAttribute("data-paying-code", "2");
    // Without JavaScript the waiting page asks again by itself.
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
    const statusPage = page.url();

    // The provider settles it later: its signed success message, sent from its own page.
    await page.goto(providerPage);
    await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
    await page.goto(statusPage);
    await expect(status).toHaveAttribute("data-state", "success");
  });

  test("a failed payment says so and offers another try", async ({ page, request, clientIp }) => {
    await logIn(page, await listedClient(request, clientIp, 2), SIGN_UP_PASSWORD);
    await throughSteps(page, false);
    await page.getByRole("button", { name: "Zahlung fehlgeschlagen" }).click();
    await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "failed");
    await page.screenshot({ path: "test-results/checkout-7-failed.png", fullPage: true });
    await expect(page.getByRole("link", { name: "Noch einmal versuchen" })).toBeVisible();
  });
});
