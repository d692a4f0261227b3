/**
 * Bundles without JavaScript on a phone (issue 28 item 1, ADR 092): a fresh club picks two photos, names and prices a
 * bundle (a price of 101 is refused at its field, the input kept), publishes it; the team accepts it in the back
 * office; a fresh client buys it with dollars through the one confirmation (price, balance before and after) and opens
 * its media, which another member still cannot open by their file URL. Screenshots at 390 px of my_bundles (empty,
 * grid, list), both edit steps, the profile tab, the buy page, the bought bundle and user/bundles (test-results/…/bundles-*-390.png).
 * Fresh accounts only: no demo account's money or content changes (demo_team only decides).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import {
  acceptPhotosOf,
  buyDollars,
  expect,
  finishClubRegistration,
  listedClient,
  logIn,
  noJsMemberPage,
  SIGN_UP_PASSWORD,
  signUpClub,
  test,
} from "./fixtures";

const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));
const TEAM = { username: "demo_team", password: "demo-pass-2026" };

/** A fresh listed club with three accepted photos (the first is its avatar, which bundles leave out). */
async function clubWithPhotos(request: APIRequestContext, clientIp: string): Promise<string> {
  const club = await signUpClub(request, clientIp, "bclub", "Bundle Club");
  await finishClubRegistration(
    request,
    club.auth,
    "Ein Club in Hamburg mit Bar, Lounge und zwei Zimmern. Freitags ab 18 Uhr geöffnet. Wir freuen uns auf deinen Besuch und ein gutes Gespräch bei uns.",
  );
  for (let i = 0; i < 2; i += 1) {
    const upload = await request.post("/api/v2/media/upload", {
      headers: club.auth,
      multipart: { files: { name: `photo-${i}.jpg`, mimeType: "image/jpeg", buffer: readFileSync(PHOTO) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  await acceptPhotosOf(request, clientIp, club.username);
  return club.username;
}

test.describe("bundles", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a club builds and publishes a bundle, the team accepts it, a client buys it and opens its media", async ({
    page,
    browser,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(180_000);
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`bundles-${name}-390.png`), fullPage: true });
    const club = await clubWithPhotos(request, clientIp);

    // The creator: the empty list, then the two steps.
    await logIn(page, club, SIGN_UP_PASSWORD);
    await page.goto("/de/my_bundles");
    await expect(page.getByTestId("bundles-empty")).toBeVisible();
    await shot("my-empty");
    await page.getByTestId("bundle-new").click();
    await expect(page).toHaveURL(/\/de\/my_bundles\/edit$/);
    // Nothing chosen: the step says so and stays.
    await page.getByTestId("bundle-next").click();
    await expect(page.locator("#field-media-error")).toContainText("Wähle 1 bis 33 Medien aus.");
    const boxes = page.getByTestId("bundle-pick-medium");
    await expect(boxes).toHaveCount(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await shot("edit-selection");
    await page.getByTestId("bundle-next").click();
    await expect(page).toHaveURL(/step=creation_meta_info&media=\d+&media=\d+/);
    await page.getByLabel("Titel", { exact: true }).fill("Ein Abend bei uns");
    await page.getByLabel("Beschreibung").fill("Zwei Fotos aus der Lounge.");
    await page.getByLabel("Preis in Dollar").fill("101");
    await page.getByTestId("bundle-save").click();
    await expect(page.locator("#field-price-error")).toHaveText("Der Preis muss eine ganze Zahl von 1 bis 100 Dollar sein.");
    await expect(page.getByLabel("Titel", { exact: true })).toHaveValue("Ein Abend bei uns");
    await shot("edit-meta-error");
    await page.getByLabel("Preis in Dollar").fill("15");
    await page.getByTestId("bundle-save").click();
    await expect(page).toHaveURL(/\/de\/my_bundles\?done=created$/);
    await expect(page.getByTestId("bundle-status")).toHaveText("Entwurf");
    await page.getByTestId("bundle-publish").click();
    await expect(page.getByTestId("bundles-done")).toHaveText("Dein Bundle ist zur Prüfung eingereicht.");
    await expect(page.getByTestId("bundle-status")).toHaveText("In Prüfung");
    await page.goto("/de/my_bundles?layout=list");
    await expect(page.getByTestId("my-bundles")).toHaveAttribute("data-layout", "list");
    await shot("my-list");
    // The choice is remembered.
    await page.goto("/de/my_bundles");
    await expect(page.getByTestId("my-bundles")).toHaveAttribute("data-layout", "list");
    await page.getByTestId("bundles-layout-grid").click();
    await expect(page.getByTestId("my-bundles")).toHaveAttribute("data-layout", "grid");
    await shot("my-grid");
    await page.getByTestId("bundle-edit").click();
    await expect(page.getByTestId("bundle-edit-review-note")).toBeVisible();
    await page.getByTestId("bundle-next").click();
    await shot("edit-meta");

    // The team accepts it in the back office.
    const team = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    await team.goto("/de/backoffice/bundles");
    const entry = team.getByTestId("bundle-queue-item").filter({ hasText: "Ein Abend bei uns" });
    await expect(entry).toHaveCount(1);
    await entry.getByTestId("bundle-accept").click();
    await expect(team.getByTestId("bundle-queue-done")).toHaveText("Das Bundle ist freigegeben.");
    await team.context().close();

    // A fresh client: the profile tab, the confirmation, the purchase, the media.
    const buyer = await listedClient(request, clientIp, 1);
    const member = await noJsMemberPage(browser, clientIp, buyer);
    await buyDollars(member);
    await member.goto(`/de/p/${club}/bundles`);
    const tile = member.getByTestId("bundle-tile");
    await expect(tile).toHaveCount(1);
    await expect(tile.getByTestId("bundle-price")).toHaveText("15 Dollar");
    await expect(tile.locator("img")).toHaveAttribute("src", /^\/bundle-preview\/\d+\.jpg$/);
    await member.screenshot({ path: testInfo.outputPath("bundles-profile-tab-390.png"), fullPage: true });
    await tile.getByTestId("bundle-buy").click();
    await expect(member.getByTestId("bundle-buy-price")).toHaveText("15 Dollar");
    await expect(member.getByTestId("bundle-buy-balance")).toHaveText("100 Dollar");
    await expect(member.getByTestId("bundle-buy-after")).toHaveText("85 Dollar");
    await member.screenshot({ path: testInfo.outputPath("bundles-buy-390.png"), fullPage: true });
    await member.getByTestId("bundle-buy-submit").click();
    await expect(member).toHaveURL(/\/de\/bundle\/\d+\?bought=1$/);
    const bundlePage = member.url().replace("?bought=1", "");
    await expect(member.getByTestId("bundle-bought")).toContainText("Gekauft für 15 Dollar. Dein Guthaben: 85 Dollar.");
    await expect(member.getByTestId("nav-dollars")).toHaveAttribute("data-wallet-available", "85");
    const images = member.getByTestId("bundle-media").locator("img");
    await expect(images).toHaveCount(2);
    const src = (await images.first().getAttribute("src"))!;
    expect((await member.request.get(src)).status()).toBe(200);
    await member.screenshot({ path: testInfo.outputPath("bundles-bought-390.png"), fullPage: true });
    // Settings key "bundles": the settings index links it, and it lists what the member bought.
    await member.goto("/de/user");
    await member.getByTestId("settings-bundles").getByRole("link").click();
    await expect(member).toHaveURL(/\/de\/user\/bundles$/);
    await expect(member.getByTestId("settings-purchased-bundles").getByTestId("bundle-tile")).toHaveCount(1);
    await expect(member.getByTestId("settings-purchased-bundles").getByTestId("bundle-open")).toBeVisible();
    await member.screenshot({ path: testInfo.outputPath("bundles-settings-390.png"), fullPage: true });

    // The same file, without the buyer's session or grant: 404.
    const path = src.split("?")[0]!;
    const other = await listedClient(request, clientIp, 1);
    const stranger = await noJsMemberPage(browser, clientIp, other);
    expect((await stranger.request.get(path)).status()).toBe(404);
    expect((await stranger.request.get(src)).status()).toBe(404);
    // It bought nothing: the bundle's page offers the confirmation, not the media.
    await stranger.goto(bundlePage);
    await expect(stranger.getByTestId("bundle-confirm")).toBeVisible();
    await expect(stranger.getByTestId("bundle-media")).toHaveCount(0);
    await stranger.context().close();

    // The creator's other actions, without JavaScript: deactivate, activate, delete (a second, deliberate click).
    await page.goto("/de/my_bundles");
    await page.getByTestId("bundle-deactivate").click();
    await expect(page.getByTestId("bundle-status")).toHaveText("Deaktiviert");
    await page.getByTestId("bundle-activate").click();
    await expect(page.getByTestId("bundle-status")).toHaveText("Freigegeben");
    await page.getByTestId("bundle-delete-open").click();
    await page.getByTestId("bundle-delete").click();
    await expect(page.getByTestId("bundles-done")).toHaveText("Dein Bundle ist gelöscht. Wer es gekauft hat, behält es.");
    await expect(page.getByTestId("own-bundle")).toHaveCount(0);
    // The buyer keeps it.
    await member.goto(bundlePage);
    await expect(member.getByTestId("bundle-media").locator("img")).toHaveCount(2);
    await member.context().close();
  });
});
