/**
 * Fan subscriptions without JavaScript at 390 px (issue 28 item 3, ADR 094): a fresh escort sets up a tier on
 * user/fan_offer (a refused price comes back at its field, the input kept), uploads a second photo in the gallery and
 * makes it fans-only through the medium's access form; a fresh client sees that photo locked on the profile, finds
 * too few dollars on the confirmation, buys 100 through the checkout and comes back to it, subscribes through the one confirmation (price and "renews until you cancel" shown), pays 10 dollars, then
 * sees the photo open (its file served through the gate), cancels and undoes the cancel — the photo stays open while
 * the month is paid; the escort sees the fan and the month's earnings. Every test signs up its
 * own members: no demo account's money changes. Screenshots: test-results/…/fans-*-390.png.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import {
  acceptPhotosOf,
  buyDollars,
  expect,
  listedClient,
  logIn,
  noJsMemberPage,
  listedEscortIn,
  SIGN_UP_PASSWORD,
  test,
} from "./fixtures";

const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));
const balanceOf = async (page: Page) => Number(await page.getByTestId("nav-dollars").first().getAttribute("data-wallet-available"));

test.describe("fan subscriptions (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("an escort offers a tier; a fresh client subscribes with dollars, cancels and undoes; the escort sees the fan", async ({
    page,
    browser,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(180_000);
    const escort = await listedEscortIn(request, clientIp, "Kiel");
    const creator = await noJsMemberPage(browser, clientIp, escort);

    // The creator's settings: a name of spaces only (the browser's own checks let it pass, the API trims it) comes back
    // at its field with the translated rule, the other input kept; then the tier is saved.
    await creator.goto("/de/user/fan_offer");
    const form = creator.getByTestId("fans-tier-new");
    await form.getByLabel("Name").fill("   ");
    await form.getByLabel("Monatspreis in Dollar").fill("10");
    await form.getByLabel("Vorteile").fill("Jede Woche neue Fotos nur für Fans.");
    await form.getByTestId("fans-tier-create").click();
    const refused = creator.getByTestId("fans-tier-new");
    await expect(refused.getByText("Gib der Stufe einen Namen mit höchstens 60 Zeichen.")).toBeVisible();
    await expect(refused.getByLabel("Monatspreis in Dollar")).toHaveValue("10");
    await expect(refused.getByLabel("Vorteile")).toHaveValue("Jede Woche neue Fotos nur für Fans.");
    await creator.screenshot({ path: testInfo.outputPath("fans-tiers-refused-390.png"), fullPage: true });
    await refused.getByLabel("Name").fill("Fanclub");
    await refused.getByTestId("fans-tier-create").click();
    await expect(creator.getByTestId("fans-tiers-saved")).toBeVisible();
    await expect(creator.getByTestId("fans-tier-edit")).toHaveCount(1);
    await creator.screenshot({ path: testInfo.outputPath("fans-tiers-390.png"), fullPage: true });

    // A second photo in the gallery, made fans-only through the medium's access form.
    await creator.goto("/de/user/media_gallery");
    await creator.getByLabel("Fotos auswählen").setInputFiles(PHOTO);
    await creator.getByRole("region", { name: "Fotos hochladen" }).getByLabel("Sichtbar für").selectOption("public");
    await creator.getByTestId("gallery-upload").click();
    await expect(creator.getByTestId("settings-notice")).toHaveText("Hochgeladen.");
    const fansPhoto = await creator.getByTestId("gallery-tile").last().getAttribute("data-media-id");
    expect(fansPhoto).not.toBeNull();
    await creator.goto(`/de/user/media_gallery?item=${fansPhoto}#manage`);
    await creator.getByTestId("medium-access-form").getByLabel("Wer es öffnen darf").selectOption("fans");
    await creator.getByTestId("medium-access-save").click();
    await expect(creator.getByTestId("settings-notice")).toHaveText("Zugang gespeichert.");
    await expect(creator.getByTestId("gallery-access")).toHaveText("Nur Fans");
    await creator.screenshot({ path: testInfo.outputPath("fans-gallery-access-390.png"), fullPage: true });
    // The team accepts the escort's photos (new uploads wait for it before anyone else sees them).
    await acceptPhotosOf(request, clientIp, escort);

    // A fresh client (no dollars yet: at most the e-mail reward, less than a month).
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    // Before subscribing the fans-only photo is a locked tile, and its file is not served.
    const thumb = () => page.locator(`a[href="#photo-${fansPhoto}"][data-testid="gallery-thumb"]`);
    await page.goto(`/de/p/${escort}`);
    await expect(thumb()).toHaveAttribute("data-locked", "fans");
    await page.goto(`/de/p/${escort}/fans`);
    const tier = page.getByTestId("fan-tier");
    await expect(tier).toHaveCount(1);
    await expect(tier).toContainText("Fanclub");
    await expect(tier).toContainText("10 Dollar pro Monat");
    await page.screenshot({ path: testInfo.outputPath("fans-offer-390.png"), fullPage: true });
    await tier.getByTestId("fan-tier-subscribe").click();
    const confirmUrl = page.url();

    // Too few dollars: buy 100 through the checkout and come back to this confirmation (ADR 097).
    await expect(page.getByTestId("fans-confirm-insufficient")).toBeVisible();
    await buyDollars(page, "dollars-100", page.getByRole("link", { name: "Dollar kaufen" }));
    await page.screenshot({ path: testInfo.outputPath("fans-dollars-bought-390.png"), fullPage: true });
    await page.getByTestId("dollar-return").click();
    await expect(page).toHaveURL(confirmUrl);
    const before = await balanceOf(page);

    // The one confirmation: the price and the renewal terms above the button.
    await expect(page.getByTestId("fans-confirm-price")).toHaveText("10 Dollar pro Monat");
    await expect(page.getByTestId("fans-confirm-terms")).toContainText("jeden Monat");
    await expect(page.getByTestId("fans-confirm-terms")).toContainText("bis du kündigst");
    await page.screenshot({ path: testInfo.outputPath("fans-confirm-390.png"), fullPage: true });
    await page.getByTestId("fans-confirm-submit").click();

    await expect(page).toHaveURL(/\/de\/user\/fans\/\d+\?done=subscribed/);
    await expect(page.getByTestId("fans-done")).toContainText("Du bist jetzt Fan");
    expect(await balanceOf(page)).toBe(before - 10);
    await page.screenshot({ path: testInfo.outputPath("fans-subscribed-390.png"), fullPage: true });

    // Now a fan: the photo opens on the profile, its file through the gate with a grant bound to him.
    const seesFansPhoto = async () => {
      await page.goto(`/de/p/${escort}`);
      await expect(thumb()).not.toHaveAttribute("data-locked", /.+/);
      const src = await thumb().locator("img").getAttribute("src");
      expect(src).toMatch(/\?g=\d+\./);
      expect((await page.request.get(src!)).status()).toBe(200);
    };
    await seesFansPhoto();
    await thumb().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("fans-photo-open-390.png"), fullPage: false });
    await page.goto("/de/user/fans");
    await page.getByTestId("fans-mine").getByRole("link").first().click();

    await page.getByTestId("fans-cancel").click();
    await expect(page.getByTestId("fans-done")).toContainText("Gekündigt");
    await expect(page.getByTestId("fans-state")).toContainText("Gekündigt – offen bis");
    await page.screenshot({ path: testInfo.outputPath("fans-cancelled-390.png"), fullPage: true });
    await page.getByTestId("fans-undo").click();
    await expect(page.getByTestId("fans-done")).toContainText("läuft wieder");
    await expect(page.getByTestId("fans-state")).toContainText("Läuft – verlängert sich am");
    expect(await balanceOf(page)).toBe(before - 10);
    // Cancelled and taken back within the paid month: the photo stays open.
    await seesFansPhoto();

    // The fans tab now shows the subscription; the list in the settings has it.
    await page.goto(`/de/p/${escort}/fans`);
    await expect(page.getByTestId("fans-subscribed")).toBeVisible();
    await page.goto("/de/user");
    await page
      .getByTestId("settings-fans")
      .getByRole("link", { name: /Meine Fan-Abos/ })
      .click();
    await expect(page.getByTestId("fans-mine").getByRole("listitem")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath("fans-mine-390.png"), fullPage: true });

    // The creator sees the fan and the month's earnings.
    await creator.goto("/de/user/fan_subscribers");
    await expect(creator.getByTestId("fans-subscribers").getByRole("listitem")).toHaveCount(1);
    await expect(creator.getByTestId("fans-earnings").locator("tbody tr").first()).toContainText("10 Dollar");
    await creator.screenshot({ path: testInfo.outputPath("fans-subscribers-390.png"), fullPage: true });
    await creator.context().close();
  });

  test("a client's profile has no fans tab, and a client's way to the creator pages leads to their own subscriptions", async ({
    page,
    request,
    clientIp,
  }) => {
    test.setTimeout(120_000);
    const client = await listedClient(request, clientIp, 1);
    await logIn(page, client, SIGN_UP_PASSWORD);
    await page.goto(`/de/p/${client}`);
    await expect(page.getByRole("link", { name: "Fans", exact: true })).toHaveCount(0);
    await page.goto("/de/user/fan_offer");
    await expect(page).toHaveURL(/\/de\/user\/fans$/);
    await expect(page.getByTestId("fans-mine-empty")).toBeVisible();
  });
});
