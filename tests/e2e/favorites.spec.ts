import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/** Escorts no other test takes (fixtures.ts seededEscortNear): the keeper, the kept one, the visited one. */
const LEIPZIG = { lat: 51.3397, lon: 12.3731 };
const FRANKFURT = { lat: 50.1109, lon: 8.6821 };
const KOELN = { lat: 50.9375, lon: 6.9603 };

async function signedIn(page: Page, username: string, password = DEMO.password) {
  await page.context().clearCookies();
  await logIn(page, username, password);
  await expect(page).not.toHaveURL(/\/login/);
}

test("favorite a profile from its page and find it in favorites with a filter", async ({ page, request, clientIp }) => {
  const keeper = await seededEscortNear(request, clientIp, LEIPZIG.lat, LEIPZIG.lon, -2);
  const kept = await seededEscortNear(request, clientIp, FRANKFURT.lat, FRANKFURT.lon, -2);
  await signedIn(page, keeper);

  await page.goto(`/de/p/${kept}`);
  await page.getByTestId("favorite-button").click();
  await expect(page).toHaveURL(new RegExp(`/de/p/${kept}\\?done=favorited#profile-actions$`));
  await expect(page.getByTestId("profile-action-done")).toContainText("ist jetzt in deinen Favoriten.");
  await expect(page.getByTestId("favorite-button")).toHaveText("Aus Favoriten entfernen");

  await page.getByRole("link", { name: "Meine Favoriten" }).click();
  await expect(page).toHaveURL(/\/de\/favorite$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Favoriten");
  const tile = page.getByTestId("user-list").locator(`a[href="/de/p/${kept}"]`);
  await expect(tile).toHaveCount(1);

  // The filter form is a plain GET form: escorts only keeps her, clients only finds nobody.
  await page.getByTestId("list-filters").locator("summary").click();
  await page.getByLabel("Escort", { exact: true }).check();
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL(/\/de\/favorite\?type=1&user_type=2(&city=)?$/);
  await expect(tile).toHaveCount(1);
  await expect(page.getByLabel("Escort", { exact: true })).toBeChecked();

  await page.getByLabel("Escort", { exact: true }).uncheck();
  await page.getByLabel("Kunde", { exact: true }).check();
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL(/\/de\/favorite\?type=1&user_type=1(&city=)?$/);
  await expect(page.getByTestId("list-empty")).toContainText("Keine Profile passen zu diesen Filtern.");
  await page.getByRole("link", { name: "Filter zurücksetzen" }).first().click();
  await expect(tile).toHaveCount(1);

  // Undo from the profile: gone from the list.
  await page.goto(`/de/p/${kept}`);
  await page.getByTestId("favorite-button").click();
  await expect(page.getByTestId("profile-action-done")).toContainText("ist nicht mehr in deinen Favoriten.");
  await page.goto("/de/favorite");
  await expect(page.getByTestId("user-list")).toHaveCount(0);
});

async function setInvisible(page: Page, on: boolean) {
  await page.goto("/de/user/search_visibility");
  const box = page.getByLabel("Unsichtbar surfen");
  if (on) await box.check();
  else await box.uncheck();
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/user\/search_visibility\?saved=1$/);
}

test("a plus member browsing invisibly leaves no visit; without it the visit shows", async ({ page, request, clientIp }) => {
  const owner = await seededEscortNear(request, clientIp, KOELN.lat, KOELN.lon, -2);

  await signedIn(page, "demo_member");
  await setInvisible(page, true);
  await page.goto(`/de/p/${owner}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // demo_member's own list does not have it either.
  await page.goto("/de/visitor?type=2");
  await expect(page.getByTestId("user-list").locator(`a[href="/de/p/${owner}"]`)).toHaveCount(0);

  await signedIn(page, owner);
  await page.goto("/de/visitor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Besucher");
  await expect(page.getByTestId("list-empty")).toBeVisible();

  // The same visit with invisible browsing off is recorded (so the check above can fail).
  await signedIn(page, "demo_member");
  await setInvisible(page, false);
  await page.goto(`/de/p/${owner}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await signedIn(page, owner);
  await page.goto("/de/visitor");
  await expect(page.getByTestId("list-empty")).toHaveCount(0);
  // Without plus she sees how many and the way to plus; with plus, who.
  const locked = page.getByTestId("locked-list");
  if ((await locked.count()) > 0) {
    await expect(locked).toContainText("1 Mitglied hat sich dein Profil angesehen.");
    await expect(page.getByTestId("upgrade-link")).toHaveAttribute("href", "/de/buy?goods=membership");
  } else {
    await expect(page.getByTestId("user-list").locator('a[href="/de/p/demo_member"]')).toHaveCount(1);
  }
});
