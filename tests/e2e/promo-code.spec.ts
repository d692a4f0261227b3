/**
 * promo/code without JavaScript on a phone (issue 32 item 6, ADR 135): a refused code is explained at the field; a
 * member's valid code is carried straight into the checkout of its good, the goods step showing the discounted prices
 * and the order the discount; a guest's valid code shows what it gives and leads to sign-up with the checkout as the
 * way back. Screenshots at 390 px (test-results/shots/promo-*.png).
 */
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

const SHOTS = "test-results/shots";

test.describe("promo/code (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a member's promo code is carried into the checkout with the discount shown", async ({ page, request, clientIp }) => {
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    await page.goto("/de/promo/code");
    await expect(page.getByRole("heading", { name: "Gutscheincode einlösen" })).toBeVisible();
    // A basic member's active offers (GET /user/promos): plus, what they can take without a code.
    await expect(page.getByTestId("member-offers")).toContainText("Plus-Mitgliedschaft");
    await page.screenshot({ path: `${SHOTS}/promo-code-member.png`, fullPage: true });

    await page.getByLabel("Gutscheincode").fill("GIBTSNICHT");
    await page.getByRole("button", { name: "Prüfen und weiter zur Kasse" }).click();
    await expect(page.locator("#field-code-error")).toContainText("kennen wir nicht");
    await expect(page.getByLabel("Gutscheincode")).toHaveValue("GIBTSNICHT");
    await page.screenshot({ path: `${SHOTS}/promo-code-error.png`, fullPage: true });

    await page.getByLabel("Gutscheincode").fill("sommer2025");
    await page.getByRole("button", { name: "Prüfen und weiter zur Kasse" }).click();
    await expect(page.locator("#field-code-error")).toContainText("gilt gerade nicht");

    await page.getByLabel("Gutscheincode").fill("willkommen10");
    await page.getByRole("button", { name: "Prüfen und weiter zur Kasse" }).click();
    await expect(page).toHaveURL(/\/de\/buy\?goods=membership&promo=WILLKOMMEN10$/);
    await expect(page.getByLabel("Gutscheincode")).toHaveValue("WILLKOMMEN10");
    await expect(page.getByTestId("promo-price").first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/promo-checkout-goods.png`, fullPage: true });

    await page.locator('input[name="sku"]').first().check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("heading", { name: "Deine Daten" })).toBeVisible();
    await expect(page.getByText("Rabatt WILLKOMMEN10").first()).toBeVisible();
  });

  test("a guest's valid code shows the discount and leads to sign-up and back to the checkout", async ({ page }) => {
    await page.goto("/de/promo/code?code=willkommen10");
    await expect(page.getByLabel("Gutscheincode")).toHaveValue("willkommen10");
    await page.getByRole("button", { name: "Code prüfen" }).click();
    const valid = page.getByTestId("promo-valid");
    await expect(valid).toContainText("10 % Rabatt");
    await expect(valid).toContainText("Plus-Mitgliedschaft");
    const signUp = page.getByTestId("promo-sign-up");
    await expect(signUp).toHaveAttribute("href", `/de/join/user?r=${encodeURIComponent("/de/buy?goods=membership&promo=WILLKOMMEN10")}`);
    await page.screenshot({ path: `${SHOTS}/promo-code-guest.png`, fullPage: true });
    await signUp.click();
    await expect(page).toHaveURL(/\/de\/join\/user\?r=/);
  });
});
