/**
 * Live streams without JavaScript at 390 px (issue 31, ADR 124): a fresh escort in München announces a paid stream
 * from the start form (a too-short title comes back at its field with the input kept), then goes live from the list;
 * a fresh member finds it on /de/live, opens it, is asked for the price once, buys dollars, pays, and sees the player;
 * the creator stops the stream and the member sees that it is over; the creator prices the recording (a refused
 * price comes back at its field) and the member buys it once. The profile's live tab is opened too. Screenshots: test-results/…/live-*-390.png, each looked at.
 */
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { e2eDatabasePath } from "./e2e-database";
import { buyDollars, expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { noJsCreator, tomorrowEvening } from "./live-fixtures";

/**
 * A ready recording of the stream, as livemedia's remux job leaves it: no page makes one without a camera, so the
 * row goes straight into the e2e server's database (its files are livemedia's to serve).
 */
function readyRecordingOf(streamId: number): number {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const stream = db.prepare("SELECT creator_id FROM live_streams WHERE id = ?").get(streamId) as { creator_id: number };
    const now = Date.now();
    const result = db
      .prepare(
        `INSERT INTO live_recordings (stream_id, creator_id, state, visibility, price, fans_only, storage_prefix, duration_ms, size_bytes, created_at, ready_at)
         VALUES (?, ?, 'ready', 'private', NULL, 0, ?, 180000, 1000, ?, ?)`,
      )
      .run(streamId, stream.creator_id, `live/recordings/${streamId}`, now, now);
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}

test.describe("live streams (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("a creator announces and starts a paid stream; a member browses, pays once and sees the player; the creator stops", async ({
    page,
    browser,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(240_000);
    const shot = (target: Page, name: string) => target.screenshot({ path: testInfo.outputPath(`live-${name}-390.png`), fullPage: true });
    const { username: escort, page: creator } = await noJsCreator(browser, request, clientIp, "Regensburg");

    // The start form: a title too short comes back at its field, the other input kept.
    await creator.goto("/de/live/start");
    await shot(creator, "start");
    const title = `Abend in München ${Date.now() % 100000}`;
    await creator.getByLabel("Titel").fill("x");
    await creator.getByLabel("Kategorie").selectOption("music");
    await creator.getByLabel("Wer darf zusehen?").selectOption("paid");
    await creator.getByLabel(/Preis in Dollar/).fill("5");
    await creator.getByLabel("Start", { exact: true }).selectOption("schedule");
    await creator.getByLabel(/Geplanter Beginn/).fill(tomorrowEvening());
    await creator.getByTestId("live-start-submit").click();
    await expect(creator.getByText("Gib einen Titel mit 3 bis 80 Zeichen ein.").first()).toBeVisible();
    await expect(creator.getByLabel(/Preis in Dollar/)).toHaveValue("5");
    await expect(creator.getByLabel("Kategorie")).toHaveValue("music");
    await shot(creator, "start-refused");
    await creator.getByLabel("Titel").fill(title);
    await creator.getByTestId("live-start-submit").click();
    await expect(creator.getByTestId("live-done")).toBeVisible();
    await expect(creator.getByTestId("live-mine")).toContainText(title);
    await shot(creator, "start-scheduled");

    // The profile's live tab shows the announcement.
    await creator.goto(`/de/p/${escort}/live`);
    await expect(creator.getByTestId("live-tab-schedule")).toContainText(title);
    await shot(creator, "profile-tab");

    // Going live from the list opens the watch page as its producer.
    await creator.goto("/de/live/start");
    await creator.getByTestId("live-go-live").first().click();
    await expect(creator).toHaveURL(/\/de\/live\/\d+$/);
    const watchPath = new URL(creator.url()).pathname;
    await expect(creator.getByTestId("live-producer")).toBeVisible();
    await expect(creator.getByTestId("live-player")).toBeVisible();
    await shot(creator, "producer");

    // A member browses, finds the tile with its price, opens it and is asked for the price.
    const member = await listedClient(request, clientIp, 1);
    await logIn(page, member, SIGN_UP_PASSWORD);
    await page.goto("/de/live?category=music");
    const tile = page.getByTestId("live-tile").filter({ hasText: title });
    await expect(tile).toBeVisible();
    await expect(tile.getByTestId("live-price-badge")).toBeVisible();
    await shot(page, "browse");
    await tile.getByRole("link", { name: title }).click();
    await expect(page.getByTestId("live-denial")).toHaveAttribute("data-denial", "payment");
    await expect(page.getByTestId("live-player")).toHaveCount(0);
    await shot(page, "pay-asked");

    // Too few dollars: buy them, come back and pay once.
    await buyDollars(page, "dollars-100", page.getByRole("link", { name: "Dollar kaufen" }));
    await page.goto(watchPath);
    await page.getByTestId("live-pay").click();
    await expect(page.getByTestId("live-done")).toBeVisible();
    await expect(page.getByTestId("live-player")).toBeVisible();
    await expect(page.locator("[data-testid=live-player] video")).toHaveCount(1);
    await shot(page, "watching");
    // Paid once: the page does not ask again, and the notice showed once (no ?done in the address, ADR 128).
    await expect(page).toHaveURL(new RegExp(`${watchPath}$`));
    await page.reload();
    await expect(page.getByTestId("live-pay")).toHaveCount(0);
    await expect(page.getByTestId("live-done")).toHaveCount(0);

    // The creator stops; the member sees that the stream is over.
    await creator.goto(watchPath);
    await creator.getByTestId("live-stop").click();
    await expect(creator.getByTestId("live-denial")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("live-denial")).toHaveAttribute("data-denial", "ended");
    await shot(page, "ended");

    // The recording: the creator prices it (a price of 0 comes back at its field), the member buys it once.
    const streamId = Number(watchPath.split("/").pop());
    await creator.goto("/de/live/recordings/mine");
    await expect(creator.getByTestId("live-recordings-empty")).toBeVisible();
    readyRecordingOf(streamId);
    await creator.reload();
    await expect(creator.getByTestId("live-recordings")).toContainText(title);
    await creator.getByLabel(/Preis in Dollar \(leer/).fill("0");
    await creator.getByRole("button", { name: "Speichern" }).click();
    await expect(creator.getByText("Gib einen ganzen Preis von 1 bis 500 Dollar ein oder lass das Feld leer.").first()).toBeVisible();
    await expect(creator.getByLabel(/Preis in Dollar \(leer/)).toHaveValue("0");
    await shot(creator, "recordings-mine-refused");
    await creator.getByLabel(/Preis in Dollar \(leer/).fill("3");
    await creator.getByRole("button", { name: "Speichern" }).click();
    await expect(creator.getByTestId("live-done")).toBeVisible();
    await shot(creator, "recordings-mine");

    await page.goto("/de/live/recordings");
    await expect(page.getByRole("heading", { name: "Aufzeichnungen ansehen" })).toBeVisible();
    await shot(page, "recordings");
    await page.getByTestId("live-recording-buy").first().click();
    await expect(page.getByTestId("live-done")).toBeVisible();
    await expect(page.getByTestId("live-recording-open").first()).toBeVisible();
    await expect(page.getByTestId("live-recording-buy")).toHaveCount(0);
    await shot(page, "recording-bought");
    await page.goto("/de/live?category=cooking");
    await shot(page, "browse-filtered");
  });

  test("a client cannot go live: the start page says why", async ({ page, request, clientIp }, testInfo) => {
    const member = await listedClient(request, clientIp, 1);
    await logIn(page, member, SIGN_UP_PASSWORD);
    await page.goto("/de/live/start");
    await expect(page.getByTestId("live-refusal")).toContainText("Escorts und Betriebe");
    await page.screenshot({ path: testInfo.outputPath("live-start-client-390.png"), fullPage: true });
  });
});
