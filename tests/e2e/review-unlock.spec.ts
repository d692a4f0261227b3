/**
 * Unlocking review texts without JavaScript (issue 13 item 5; issue 24 item 5, ADR 061; issue 27, ADR 083): a member
 * who was not on the date and has no plus finds the locked text, the unlock page names its price in whole dollars,
 * and without dollars the unlock answers "insufficient" with the way to buy them (tests/e2e/unlocks.spec.ts pays).
 */
import { DEMO, expect, logIn, test } from "./fixtures";

test("a locked review text → the unlock page with its price → not enough dollars, with the way to buy them", async ({ page }) => {
  // demo_agency was on none of demo_escort's dates and has no plus: her reviews' texts are locked for it.
  await logIn(page, DEMO.agency, DEMO.password);
  await page.goto(`/de/p/${DEMO.escort}/reviews`);
  await page.getByRole("link", { name: "Text freischalten" }).first().click();
  await expect(page).toHaveURL(/\/de\/dating\/reviews\/unlock\/\d+\?from=demo_escort$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bewertungstexte freischalten");
  await expect(page.getByTestId("unlock-price")).toHaveText("Preis: 1 Dollar, bezahlt von dir als Leserin oder Leser.");

  // demo_agency holds no dollars (no spec gives a demo account any): the wallet does not cover it, nothing is paid.
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Für 1 Dollar freischalten" }).click();
  expect((await answer).status()).toBe(402);
  // Said once, in the error summary above the card (ADR 071), not again above the form.
  const message = "Dafür reicht dein Guthaben nicht: Es kostet 1 Dollar, du hast 0 Dollar.";
  await expect(page.locator("[data-error-summary]")).toContainText(message);
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.getByTestId("buy-dollars")).toBeVisible();
  // The page stays usable: the price, the form and the way back are still there.
  await expect(page.getByTestId("unlock-price")).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zu den Bewertungen" })).toHaveAttribute("href", `/de/p/${DEMO.escort}/reviews`);
});
