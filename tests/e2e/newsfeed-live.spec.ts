/**
 * Live streams in the newsfeed without JavaScript at 390 px (issue 31, ADR 137): a fresh escort in Freiburg announces
 * a stream for tomorrow evening and goes live with another; a member's feed shows both — "goes live: <date, time>"
 * and "went live" linking the watch page. The creator renames the announcement (the same item changes), stops the
 * live one (the item says it ended) and cancels the announcement (the item says so). Screenshots:
 * test-results/…/newsfeed-live-*-390.png.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, listedClient, listedEscortIn, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

/** Tomorrow at 20:00 as a datetime-local value. */
function tomorrowEvening(): string {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return `${day.toISOString().slice(0, 10)}T20:00`;
}

async function verifyEmail(page: Page, username: string) {
  // Going live publishes, like a post: it needs a verified address (ADR 024), confirmed through the dev mailbox.
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  await page.goto((await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href"))!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
}

/** A new stream from the start form; answers its id (read from the creator's list). */
async function startStream(creator: Page, title: string, when: "now" | "schedule"): Promise<number> {
  await creator.goto("/de/live/start");
  await creator.getByLabel("Titel").fill(title);
  await creator.getByLabel("Start", { exact: true }).selectOption(when);
  if (when === "schedule") await creator.getByLabel(/Geplanter Beginn/).fill(tomorrowEvening());
  await creator.getByTestId("live-start-submit").click();
  await creator.goto("/de/live/start");
  const href = await creator.getByTestId("live-mine").getByRole("link", { name: title }).getAttribute("href");
  return Number(/\/live\/(\d+)$/.exec(href ?? "")?.[1]);
}

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
    const escort = await listedEscortIn(request, clientIp, "Freiburg");
    const creator = await noJsMemberPage(browser, clientIp, escort);
    await verifyEmail(creator, escort);
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
