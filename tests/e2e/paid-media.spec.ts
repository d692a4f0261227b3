/**
 * Paid media (issue 28 items 2, 4, 7; ADR 093) on a phone without JavaScript: an escort makes a photo pay-per-view in
 * her gallery (a price of 0 is refused at its field, the input kept), a fresh client buys 100 dollars, sees the photo
 * blurred with its price on the profile, buys it through the confirmation (price, balance before and after) and then
 * opens it; the escort walks content creation (benefit, default prices, upload, settings with a schedule).
 * Screenshots at 390 px (test-results/…/paid-media-*-390.png). The buyer is a fresh member; the seller is a seeded
 * escort no other spec changes (Köln, second nearest), the buyer's money is his own.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { buyDollars, DEMO, expect, listedClient, logIn, noJsMemberPage, seededEscortNear, test } from "./fixtures";

const KOELN = { lat: 50.9375, lon: 6.9603 };
const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));
const notice = (page: Page) => page.getByTestId("settings-notice");

test.describe("paid media", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an escort sets a photo to pay-per-view; a fresh client buys it in one confirmation and opens it", async ({
    page,
    browser,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(180_000);
    const escort = await seededEscortNear(request, clientIp, KOELN.lat, KOELN.lon, 1);
    await logIn(page, escort, DEMO.password);
    await page.goto("/de/user/media_gallery");
    // The last photo that is neither the profile picture nor the cover.
    const tiles = page.getByTestId("gallery-tile");
    let mediumId: string | null = null;
    for (let i = (await tiles.count()) - 1; i >= 0 && mediumId === null; i--) {
      const tile = tiles.nth(i);
      if ((await tile.textContent())?.match(/Profilbild|Titelbild/)) continue;
      mediumId = await tile.getAttribute("data-media-id");
    }
    expect(mediumId).not.toBeNull();
    await page.goto(`/de/user/media_gallery?item=${mediumId}#manage`);
    const manage = page.getByTestId("gallery-manage");
    await manage.getByLabel("Sichtbar für").selectOption("public");
    await page.getByTestId("gallery-visibility-save").click();
    await expect(notice(page)).toBeVisible();

    const form = page.getByTestId("medium-access-form");
    await form.getByLabel("Wer es öffnen darf").selectOption("ppv");
    await form.getByLabel(/Preis in Dollar/).fill("0");
    await page.getByTestId("medium-access-save").click();
    await expect(page.locator("#manage-price-error")).toContainText("von 1 bis 100 Dollar");
    await expect(page.getByTestId("medium-access-form").getByLabel(/Preis in Dollar/)).toHaveValue("0");
    await page.screenshot({ path: testInfo.outputPath("paid-media-gallery-error-390.png"), fullPage: true });
    await page.getByTestId("medium-access-form").getByLabel("Wer es öffnen darf").selectOption("ppv");
    await page
      .getByTestId("medium-access-form")
      .getByLabel(/Preis in Dollar/)
      .fill("3");
    await page.getByTestId("medium-access-save").click();
    await expect(notice(page)).toHaveText("Zugang gespeichert.");
    await expect(page.getByTestId("gallery-access")).toHaveText("Pay per View: 3 Dollar");
    await page.getByTestId("gallery-manage").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("paid-media-gallery-390.png"), fullPage: true });

    // A fresh client, in a browser of his own.
    const buyer = await listedClient(request, clientIp, 1);
    const member = await noJsMemberPage(browser, clientIp, buyer);
    await buyDollars(member);
    await member.goto(`/de/p/${escort}`);
    // A fresh member may also hold the e-mail reward: the starting balance is the header's.
    const start = Number(await member.getByTestId("nav-dollars").first().getAttribute("data-wallet-available"));
    expect(start).toBeGreaterThanOrEqual(100);
    const thumb = member.locator(`a[href="#photo-${mediumId}"][data-testid="gallery-thumb"]`);
    await expect(thumb).toHaveAttribute("data-locked", "ppv");
    await expect(thumb.getByTestId("locked-badge")).toHaveText("3 Dollar");
    const previewSrc = await thumb.locator("img").getAttribute("src");
    expect(previewSrc).toMatch(/\/media\/[0-9a-f]{32}\/preview\.jpg$/);
    expect((await member.request.get(previewSrc!)).status()).toBe(200);
    // The real variant of the same key answers 404 to him.
    expect((await member.request.get(previewSrc!.replace("preview.jpg", "320.jpg"))).status()).toBe(404);
    await thumb.scrollIntoViewIfNeeded();
    await member.screenshot({ path: testInfo.outputPath("paid-media-profile-locked-390.png"), fullPage: false });
    await thumb.click();
    await member.screenshot({ path: testInfo.outputPath("paid-media-locked-view-390.png"), fullPage: false });
    await member.locator(`#photo-${mediumId}`).getByTestId("locked-buy").click();

    await expect(member).toHaveURL(new RegExp(`/de/buy-puzzle-medium/${mediumId}$`));
    await expect(member.getByTestId("buy-price")).toHaveText("3 Dollar");
    await expect(member.getByTestId("buy-balance")).toHaveText(`${start} Dollar`);
    await expect(member.getByTestId("buy-balance-after")).toHaveText(`${start - 3} Dollar`);
    await member.screenshot({ path: testInfo.outputPath("paid-media-confirm-390.png"), fullPage: true });
    await member.getByTestId("buy-pay").click();

    await expect(member).toHaveURL(new RegExp(`/de/p/${escort}#photo-${mediumId}$`));
    await expect(member.getByTestId("nav-dollars").first()).toHaveAttribute("data-wallet-available", String(start - 3));
    const opened = member.locator(`a[href="#photo-${mediumId}"][data-testid="gallery-thumb"]`);
    await expect(opened).not.toHaveAttribute("data-locked", /.+/);
    const src = await opened.locator("img").getAttribute("src");
    expect(src).toMatch(/\?g=\d+\./);
    const file = await member.request.get(src!);
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toContain("no-store");
    await member.screenshot({ path: testInfo.outputPath("paid-media-bought-390.png"), fullPage: false });

    // Back to the confirmation: it says he owns it; nothing is charged again.
    await member.goto(`/de/buy-puzzle-medium/${mediumId}`);
    await expect(member.getByTestId("buy-owned")).toBeVisible();
    await member.close();

    // The escort puts the photo back to open ("puzzle cancel"); the buyer keeps his purchase either way.
    await page.goto(`/de/user/media_gallery?item=${mediumId}#manage`);
    await page.getByTestId("medium-access-form").getByLabel("Wer es öffnen darf").selectOption("open");
    await page.getByTestId("medium-access-save").click();
    await expect(page.getByTestId("gallery-access")).toHaveText("Alle, die es sehen dürfen");
  });

  test("an escort walks content creation: benefit, default prices, upload, settings with a schedule", async ({
    page,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(120_000);
    const escort = await seededEscortNear(request, clientIp, KOELN.lat, KOELN.lon, 2);
    await logIn(page, escort, DEMO.password);
    await page.goto("/de/content-create-setup/benefit");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verdiene mit deinen Inhalten");
    await page.screenshot({ path: testInfo.outputPath("paid-media-benefit-390.png"), fullPage: true });
    await page.getByTestId("benefit-price").click();

    await expect(page).toHaveURL(/\/de\/content-create-setup\/price$/);
    await page.getByLabel(/Standardpreis/).fill("101");
    await page.getByTestId("price-save").click();
    await expect(page.locator("#default-price-error")).toContainText("von 1 bis 100 Dollar");
    await expect(page.getByLabel(/Standardpreis/)).toHaveValue("101");
    await page.screenshot({ path: testInfo.outputPath("paid-media-price-error-390.png"), fullPage: true });
    await page.getByLabel(/Standardpreis/).fill("4");
    await page.getByLabel("Neue Uploads starten als „Nur Fans“").check();
    await page.getByTestId("price-save").click();

    await expect(page).toHaveURL(/\/de\/content-create\?done=price$/);
    await expect(page.getByTestId("create-done")).toHaveText("Deine Standardpreise sind gespeichert.");
    await expect(page.locator("footer")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("paid-media-create-390.png"), fullPage: true });
    await page.getByLabel("Fotos auswählen").setInputFiles(PHOTO);
    await page.getByTestId("create-upload-submit").click();

    await expect(page).toHaveURL(/\/de\/content-create\/\d+\?done=upload$/);
    // The default applied: new uploads start fans-only; the price field offers the default price.
    await expect(page.getByTestId("create-access")).toHaveText("Nur Fans");
    await page.getByLabel("Wer es öffnen darf").selectOption("ppv");
    await expect(page.getByLabel(/Preis in Dollar/)).toHaveValue("4");
    await page.getByLabel(/Veröffentlichen am/).fill("2020-01-01T10:00");
    await page.getByTestId("create-save").click();
    await expect(page.locator("#create-publish-at-error")).toContainText("in der Zukunft");
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await page.getByLabel("Wer es öffnen darf").selectOption("ppv");
    await page.getByLabel(/Veröffentlichen am/).fill(`${later}T20:15`);
    await page.getByTestId("create-save").click();
    await expect(page.getByTestId("create-done")).toHaveText("Gespeichert.");
    await expect(page.getByTestId("create-access")).toHaveText("Pay per View: 4 Dollar");
    await expect(page.getByTestId("create-scheduled")).toContainText("20:15 Uhr");
    await page.screenshot({ path: testInfo.outputPath("paid-media-create-settings-390.png"), fullPage: true });
    // The picker lists it with its access.
    await page.goto("/de/content-create");
    await expect(page.getByTestId("create-pick")).toContainText("Pay per View: 4 Dollar");
  });
});
