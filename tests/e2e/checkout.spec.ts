/**
 * The checkout without JavaScript (issue 26 items 2 and 3): a client buys plus through every step with the fake
 * provider and sees success; a failed payment. Screenshots of every step at 390 px (test-results/checkout-*.png).
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

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

  test("a client buys plus through every step with the fake provider", async ({ page }) => {
    await logIn(page, DEMO.client, DEMO.password);
    await throughSteps(page, true);
    await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
    await expect(page).toHaveURL(/\/de\/buy\/status\?order=/);
    await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "success");
    await page.screenshot({ path: "test-results/checkout-6-success.png", fullPage: true });
    await expect(page.getByRole("link", { name: "Deine Besucher" })).toBeVisible();
  });

  test("a failed payment says so and offers another try", async ({ page }) => {
    await logIn(page, DEMO.client, DEMO.password);
    await throughSteps(page, false);
    await page.getByRole("button", { name: "Zahlung fehlgeschlagen" }).click();
    await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "failed");
    await page.screenshot({ path: "test-results/checkout-7-failed.png", fullPage: true });
    await expect(page.getByRole("link", { name: "Noch einmal versuchen" })).toBeVisible();
  });
});
