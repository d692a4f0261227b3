/**
 * Live streams in the newsfeed without JavaScript at 390 px (issue 31, ADR 137): a fresh escort in Freiburg announces
 * a stream for tomorrow evening and goes live with another; a member's feed shows both — "goes live: <date, time>"
 * and "went live" linking the watch page. The creator renames the announcement (the same item changes), stops the
 * live one (the item says it ended) and cancels the announcement (the item says so). Screenshots:
 * test-results/…/newsfeed-live-*-390.png.
 */
import type { Locator } from "@playwright/test";
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { noJsCreator, startStream } from "./live-fixtures";

test.describe("live streams in the newsfeed (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("an announcement and a stream on air are feed items that follow the stream", async ({
    page,
    browser,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(240_000);
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`newsfeed-live-${name}-390.png`), fullPage: true });
    const { username: escort, page: creator } = await noJsCreator(browser, request, clientIp, "Freiburg");
    const n = Date.now() % 100000;
    const announced = await startStream(creator, `Vorschau Freiburg ${n}`, "schedule");
    const onAir = await startStream(creator, `Jetzt live Freiburg ${n}`, "now");
    expect(announced).toBeGreaterThan(0);
    expect(onAir).toBeGreaterThan(0);

    const member = await listedClient(request, clientIp, 1);
    await logIn(page, member, SIGN_UP_PASSWORD);
    const item = (id: number): Locator => page.locator(`[data-testid="newsfeed-item"][data-item="live:${id}"]`);
    await page.goto("/de/newsfeed");
    await expect(item(announced)).toHaveCount(1);
    await expect(item(announced)).toContainText(`Vorschau Freiburg ${n}`);
    // The start in German: "geht live: 7. Dez. 2026, 20:00" (the day and time in the site's zone).
    await expect(item(announced).getByTestId("newsfeed-live-headline")).toContainText(/geht live: \d{1,2}\. .+ \d{4}, 20:00/);
    await expect(item(announced).locator("a")).toHaveAttribute("href", `/de/p/${escort}/live`);
    await expect(item(onAir).getByTestId("newsfeed-live-headline")).toContainText("ist live gegangen");
    await expect(item(onAir).getByTestId("newsfeed-live-item")).toHaveAttribute("data-state", "live");
    await expect(item(onAir).locator("a")).toHaveAttribute("href", `/de/live/${onAir}`);
    await item(onAir).scrollIntoViewIfNeeded();
    await shot("both");

    // Renaming the announcement changes its item; there is never a second one.
    await creator.goto(`/de/live/${announced}`);
    await creator.getByLabel("Titel").fill(`Neuer Termin Freiburg ${n}`);
    await creator.getByTestId("live-edit-submit").click();
    await page.reload();
    await expect(item(announced)).toHaveCount(1);
    await expect(item(announced)).toContainText(`Neuer Termin Freiburg ${n}`);

    // Stopping the stream on air: its item says it ended (no recording: nothing to open).
    await creator.goto(`/de/live/${onAir}`);
    await creator.getByTestId("live-stop").click();
    // Cancelling the announcement: its item says it was cancelled.
    await creator.goto(`/de/live/${announced}`);
    await creator.getByTestId("live-stop").click();
    await page.reload();
    await expect(item(onAir).getByTestId("newsfeed-live-item")).toHaveAttribute("data-state", "ended");
    await expect(item(onAir).getByTestId("newsfeed-live-headline")).toContainText("war live – beendet");
    await expect(item(announced).getByTestId("newsfeed-live-item")).toHaveAttribute("data-state", "cancelled");
    await expect(item(announced)).toHaveCount(1);
    await shot("ended");
    await creator.close();
  });
});
