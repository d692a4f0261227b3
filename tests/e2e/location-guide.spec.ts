/**
 * The location guide (issue 32 item 9, ADR 138) without JavaScript on a phone: it explains how the search uses a
 * location; a guest types a place, picks it from the list and lands on the search around it; an unknown or too short
 * place is refused at the field; a member's pick becomes the header's search link (the saved search).
 */
import { acceptPhotosOf, DEMO, expect, listedEscortIn, logIn, test } from "./fixtures";

test("a guest sets Münster as her location and the search uses it", async ({ page, request, clientIp }) => {
  // Münster is this spec's city (no other spec lists anyone there): one listed escort to find.
  const escort = await listedEscortIn(request, clientIp, "Münster");
  await acceptPhotosOf(request, clientIp, escort);
  await page.goto("/de/location_guide");
  await expect(page.locator("script[src]")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "So nutzt die Suche deinen Standort" })).toBeVisible();
  await expect(page.getByText("Die Suche zeigt Profile im Umkreis um einen Punkt: 5 bis 100 km, ohne Auswahl 100 km.")).toBeVisible();
  await expect(page.getByText("um höchstens 2 km versetzt")).toBeVisible();

  const form = page.getByTestId("set-location");
  await form.getByLabel("Stadt", { exact: true }).fill("Münster");
  await form.getByLabel("Umkreis").selectOption("20");
  await form.getByRole("button", { name: "Orte suchen" }).click();
  await expect(page).toHaveURL(/\/de\/location_guide\?place=M%C3%BCnster&radius=20$/);
  const choices = page.getByTestId("place-choices");
  await expect(form.getByLabel("Stadt", { exact: true })).toHaveValue("Münster");
  await page.screenshot({ path: "test-results/screens/location-guide-390.png", fullPage: true });
  await choices
    .getByRole("link", { name: /^Münster/ })
    .first()
    .click();

  await expect(page).toHaveURL(/\/de\/escorts\?city=de-muenster&radius=20$/);
  await expect(page.getByTestId("search-tile").filter({ hasText: "Münster" }).first()).toBeVisible();
});

test("an unknown or too short place is refused at the field, with the typed text kept", async ({ page }) => {
  const tooShort = await page.goto("/de/location_guide?place=M&radius=100");
  expect(tooShort?.status()).toBe(400);
  await expect(page.locator("#field-place-error")).toHaveText("Mindestens 2 Zeichen.");
  await expect(page.getByLabel("Stadt", { exact: true })).toHaveValue("M");

  await page.goto("/de/location_guide");
  await page.getByLabel("Stadt", { exact: true }).fill("Atlantis Nirgendwo");
  await page.getByRole("button", { name: "Orte suchen" }).click();
  await expect(page.locator("#field-place-error")).toContainText("Diesen Ort kennen wir nicht");
  await expect(page.getByLabel("Stadt", { exact: true })).toHaveValue("Atlantis Nirgendwo");
  await expect(page.getByTestId("place-choices")).toHaveCount(0);
});

test("a member's picked place becomes the header's search link", async ({ page }) => {
  await logIn(page, DEMO.client, DEMO.password);
  await page.goto("/de/location_guide?place=M%C3%BCnster&radius=100");
  await page
    .getByTestId("place-choices")
    .getByRole("link", { name: /^Münster/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/de\/escorts\?city=de-muenster&radius=100$/);
  await page.goto("/de/location_guide");
  await expect(page.getByTestId("nav-search")).toHaveAttribute("href", /\/de\/escorts\?city=de-muenster/);
});

test("the seo guide lists the directory's five levels with example links from its data", async ({ page }) => {
  await page.goto("/de/seo_guide");
  const levels = page.getByTestId("seo-guide-levels").locator("li");
  await expect(levels).toHaveCount(5);
  // The deepest example is a spot page: five segments after the language, and it opens.
  const spot = levels.nth(4).getByRole("link");
  const href = await spot.getAttribute("href");
  expect(href).toMatch(/^\/de\/[a-z-]+\/[a-z-]+\/[a-z-]+\/[a-z-]+\/[a-z-]+$/);
  await spot.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
