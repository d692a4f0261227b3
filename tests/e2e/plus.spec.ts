/**
 * Plus without JavaScript on a phone (issue 26 items 1 and 6, ADR 076): the § 312k cancellation button used while
 * logged out (straight from the footer to the form, then the saveable receipt), and a member's cancel and undo cancel
 * on user/membership. Screenshots of every plus page at 390 px go to test-results/plus/.
 */
import { DEMO, expect, logIn, test } from "./fixtures";

const shot = (name: string) => ({ path: `test-results/plus/${name}.png`, fullPage: true });

test("the cancellation button works without login: footer → form → receipt, nothing in between", async ({ page }) => {
  await page.goto("/de");
  await page.getByTestId("footer-cancel-contracts").click();
  await expect(page).toHaveURL(/\/de\/contracts\/cancel$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verträge hier kündigen");
  await page.screenshot(shot("contracts-cancel"));

  // Extraordinary without a reason: refused next to the field, the input kept.
  await page.getByLabel("Außerordentliche Kündigung (aus wichtigem Grund)").check();
  await page.getByLabel("Dein Name").fill("Erika Muster");
  await page.getByLabel("E-Mail-Adresse oder Benutzername").fill("niemand@example.test");
  await page.getByRole("button", { name: "jetzt kündigen" }).click();
  await expect(page.locator("#field-reason-error")).toContainText("Grund");
  await expect(page.getByLabel("Dein Name")).toHaveValue("Erika Muster");

  await page.getByLabel("Ordentliche Kündigung", { exact: true }).check();
  await page.getByRole("button", { name: "jetzt kündigen" }).click();
  await expect(page).toHaveURL(/\/de\/contracts\/receipt\/[A-Za-z0-9_-]+$/);
  const receipt = page.getByTestId("contract-receipt");
  await expect(receipt.getByRole("heading", { level: 1 })).toHaveText("Deine Kündigung ist eingegangen");
  await expect(page.getByTestId("receipt-received")).toContainText(/Eingegangen am \d{1,2}\. .+ \d{4}, \d{2}:\d{2} Uhr/);
  await expect(receipt).toContainText("Erika Muster");
  await expect(receipt).toContainText("niemand@example.test");
  // Whether the address has an account is not told here: the end date comes by e-mail to the owner.
  await expect(page.getByTestId("receipt-end")).toContainText("per E-Mail");
  await page.screenshot(shot("contracts-receipt"));

  await page.goto("/de/contracts/withdraw");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vertrag widerrufen");
  await page.screenshot(shot("contracts-withdraw"));
});

test("a member cancels plus at the period's end and takes it back", async ({ page }) => {
  await logIn(page, "demo_member", DEMO.password);
  await page.goto("/de/user/membership");
  await expect(page.getByTestId("plus-status")).toHaveText("Läuft");
  await expect(page.getByTestId("plus-next-renewal")).toContainText("29,90 €");
  await page.screenshot(shot("membership-running"));

  await page.getByTestId("plus-cancel").click();
  await expect(page).toHaveURL(/\/de\/user\/membership\/cancel$/);
  await expect(page.getByTestId("plus-cancel-offer")).toContainText("44,90 €");
  await page.screenshot(shot("membership-cancel"));
  await page.getByLabel("Zu teuer").check();
  await page.getByLabel("Was können wir besser machen?").fill("Günstiger wäre schön.");
  await page.getByTestId("plus-cancel-submit").click();

  await expect(page).toHaveURL(/\/de\/user\/membership\?done=cancelled$/);
  await expect(page.getByTestId("plus-status")).toHaveText("Gekündigt");
  await expect(page.getByTestId("plus-ends")).toBeVisible();
  await page.screenshot(shot("membership-cancelled"));

  await page.getByTestId("plus-undo").click();
  await expect(page).toHaveURL(/\/de\/user\/membership\?done=undone$/);
  await expect(page.getByTestId("plus-status")).toHaveText("Läuft");
  await expect(page.getByTestId("plus-cancel")).toBeVisible();
});

test("the benefits pages list the packages with buy links into the checkout", async ({ page }) => {
  await page.goto("/de/join/benefits");
  await expect(page.locator('[data-package="plus_client_1m"]')).toContainText("29,90 €");
  await expect(page.locator('[data-package="plus_client_1m"] a')).toHaveAttribute("href", "/de/buy?goods=membership&sku=plus_client_1m");
  await page.screenshot(shot("join-benefits"));
  await page.goto("/de/join/business-benefits");
  await expect(page.locator('[data-package="plus_business_12m"]')).toContainText("599,90 €");
  await page.screenshot(shot("join-business-benefits"));
  await logIn(page, DEMO.client, DEMO.password);
  await page.goto("/de/user/membership");
  await expect(page.getByTestId("plus-packages")).toBeVisible();
  await page.screenshot(shot("membership-basic"));
});
