/**
 * Moving an announced stream's start without JavaScript at 390 px (issue 31, ADR 145): a fresh escort in Dessau
 * announces a stream for tomorrow evening; on its watch page the "move the start" form shows that start. A time in the
 * past comes back at the field with the creation rule's message; a new time saves, says so, and a member's newsfeed item
 * shows the new start. Another creator's post for the same stream is refused (the row keeps its start), and a post from
 * another site is refused before the page runs. Screenshots: test-results/…/live-reschedule-*-390.png.
 */
import type { Page } from "@playwright/test";
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { withE2eDb } from "./kyc-fixtures";
import { noJsCreator, startStream, tomorrowEvening } from "./live-fixtures";

const CITY = "Dessau";

/** The day after tomorrow at 21:30 as a datetime-local value. */
function dayAfterTomorrowLate(): string {
  const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  return `${day.toISOString().slice(0, 10)}T21:30`;
}

const scheduledAtOf = (id: number) =>
  withE2eDb((db) => (db.prepare("SELECT scheduled_at FROM live_streams WHERE id = ?").get(id) as { scheduled_at: number }).scheduled_at);

test.describe("moving a live stream's start (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the creator moves an announced start; bad input stays at the field; others cannot", async ({
    page,
    browser,
    request,
    clientIp,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const shot = (target: Page, name: string) =>
      target.screenshot({ path: testInfo.outputPath(`live-reschedule-${name}-390.png`), fullPage: true });
    const creator = await noJsCreator(browser, request, clientIp, CITY);
    const title = `Vorschau Dessau ${Date.now() % 100000}`;
    const id = await startStream(creator.page, title, "schedule");
    expect(id).toBeGreaterThan(0);
    const before = scheduledAtOf(id);

    await creator.page.goto(`/de/live/${id}`);
    const field = creator.page.getByLabel("Beginn verschieben");
    await expect(field).toHaveValue(tomorrowEvening());
    await shot(creator.page, "form");

    // A start in the past: the creation rule's message at the field, the input kept, nothing saved.
    await field.fill("2020-01-01T10:00");
    await creator.page.getByTestId("live-reschedule-submit").click();
    await expect(creator.page.getByTestId("live-reschedule")).toContainText(
      "Gib einen Beginn in der Zukunft an, höchstens 30 Tage im Voraus.",
    );
    await expect(creator.page.getByLabel("Beginn verschieben")).toHaveValue("2020-01-01T10:00");
    expect(scheduledAtOf(id)).toBe(before);
    await shot(creator.page, "refused");

    // A new start: saved, said once, shown in the form.
    await creator.page.getByLabel("Beginn verschieben").fill(dayAfterTomorrowLate());
    await creator.page.getByTestId("live-reschedule-submit").click();
    await expect(creator.page.getByTestId("live-done")).toHaveText("Der Beginn ist verschoben.");
    await expect(creator.page.getByLabel("Beginn verschieben")).toHaveValue(dayAfterTomorrowLate());
    const after = scheduledAtOf(id);
    expect(after - before).toBe(25.5 * 60 * 60 * 1000);
    await shot(creator.page, "saved");

    // A member's newsfeed item follows the row: the new start, one item.
    const member = await listedClient(request, clientIp, 1);
    await logIn(page, member, SIGN_UP_PASSWORD);
    await page.goto("/de/newsfeed");
    const item = page.locator(`[data-testid="newsfeed-item"][data-item="live:${id}"]`);
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId("newsfeed-live-headline")).toContainText(/geht live: \d{1,2}\. .+ \d{4}, 21:30/);
    await item.scrollIntoViewIfNeeded();
    await shot(page, "newsfeed");

    // Another creator posting the form for this stream: refused with the translated "not found", the start kept.
    const other = await noJsCreator(browser, request, clientIp, CITY);
    await other.page.goto(`/de/live/${id}`);
    await expect(other.page.getByTestId("live-reschedule")).toHaveCount(0);
    const foreign = await other.page.request.post(`/de/live/${id}`, {
      form: { intent: "reschedule", scheduled_at: tomorrowEvening() },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(400);
    expect(await foreign.text()).toContain("Diesen Stream gibt es nicht (mehr).");
    expect(scheduledAtOf(id)).toBe(after);

    // The creator's own session, but posted from another site: refused before the page runs.
    const crossSite = await creator.page.request.post(`/de/live/${id}`, {
      form: { intent: "reschedule", scheduled_at: tomorrowEvening() },
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(scheduledAtOf(id)).toBe(after);
  });
});
