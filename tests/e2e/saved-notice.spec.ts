import { expect, listedClient, noJsMemberPage, test } from "./fixtures";

/**
 * Issue 25 item 6, without JavaScript at 390 px: after a save the profile settings say exactly one true thing —
 * "visible now" when nothing waits, "others see it after the approval" when a changed text waits for the team
 * (ADR 030) — never both.
 */
const VISIBLE = "Gespeichert. Deine Änderungen sind jetzt sichtbar.";
const REVIEW =
  "Gespeichert. Du siehst deine Änderungen sofort. Geänderte Texte sehen andere erst, wenn unser Team sie freigegeben hat – bis dahin die bisherige Fassung.";

test("a changed description waits for the team, and the page says only that; a form without texts is visible now", async ({
  browser,
  request,
  clientIp,
}) => {
  const username = await listedClient(request, clientIp, 1);
  const page = await noJsMemberPage(browser, clientIp, username);

  // Appearance holds no moderated text: visible at once.
  await page.goto("/de/user/name_characteristics");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/de\/user\/name_characteristics\?saved=1$/);
  await expect(page.getByTestId("settings-notice")).toHaveText(VISIBLE);

  // The description is a moderated text: it waits, and nothing on the page claims it is visible.
  await page.goto("/de/user/status_description");
  await page.getByLabel("Beschreibung").fill("Ich reise gern, koche abends für Freunde und höre dabei alte Jazzplatten.");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/de\/user\/status_description\?saved=1$/);
  await expect(page.getByTestId("settings-notice")).toHaveText(REVIEW);
  await expect(page.getByTestId("text-reviews")).toContainText("Beschreibung: wird geprüft.");
  await expect(page.locator("main")).not.toContainText("jetzt sichtbar");
  // The notice said what review means: the box below lists the field without saying it again.
  await expect(page.getByTestId("text-reviews")).not.toContainText("Geänderte Texte siehst du sofort");
  await page.screenshot({ path: "test-results/shots/saved-review.png" });
  await page.context().close();
});
