/**
 * Unlocking review texts without JavaScript (issue 13 item 5; issue 24 item 5, ADR 061): a member who was not on the
 * date and has no plus finds the locked text, the unlock page names its price in whole dollars, and the unlock form
 * answers the one "payment required" outcome with the product and its price until the wallet pays it.
 */
import { DEMO, expect, logIn, test } from "./fixtures";

test("a locked review text → the unlock page with its price → payment required, named and priced", async ({ page }) => {
  // demo_agency was on none of demo_escort's dates and has no plus: her reviews' texts are locked for it.
  await logIn(page, DEMO.agency, DEMO.password);
  await page.goto(`/de/p/${DEMO.escort}/reviews`);
  await page.getByRole("link", { name: "Text freischalten" }).first().click();
  await expect(page).toHaveURL(/\/de\/dating\/reviews\/unlock\/\d+\?from=demo_escort$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bewertungstexte freischalten");
  await expect(page.getByTestId("unlock-price")).toHaveText("Preis: 1 Dollar, bezahlt von dir als Leserin oder Leser.");

  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Freischalten" }).click();
  expect((await answer).status()).toBe(402);
  await expect(page.getByRole("alert")).toHaveText(
    "Das Freischalten der Bewertungstexte eines Dates kostet 1 Dollar. Bezahlen ist noch nicht möglich: Es kommt mit dem Dollar-Guthaben.",
  );
  // The page stays usable: the price, the form and the way back are still there.
  await expect(page.getByTestId("unlock-price")).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zu den Bewertungen" })).toHaveAttribute("href", `/de/p/${DEMO.escort}/reviews`);
});
