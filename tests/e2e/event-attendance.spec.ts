import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { EVENT_REVIEW_RATINGS } from "#server/contract/events-reviews";
import { e2eDatabasePath } from "./e2e-database";
import { expect, listedClient, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 29 items 1–2 in the browser, without JavaScript, on the clock server (POST /api/v2/dev/clock; this spec runs
 * in the playwright project "clock-events", after the dates spec): an accepted event of a fresh organizer (written into the server's database:
 * creating and moderating events is the events feature's spec), a member asks to attend, the organizer accepts on the
 * event page and sees the attendee on the attendees page; the member's early review is refused; time passes beyond
 * the event, the member reviews it (a refused post keeps the choices) and sees the review on the event.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const SHOTS = "/work/notes/shots";

/** The clock server's time, moved on at least a minute (the smallest step), or on to `target`. */
async function clockTo(request: APIRequestContext, target = 0): Promise<number> {
  const probe = await request.post("/api/v2/dev/clock", { data: { minutes: 1 } });
  expect(probe.status()).toBe(200);
  const now = ((await probe.json()) as { data: { now: number } }).data.now;
  if (target - now < MIN) return now;
  const moved = await request.post("/api/v2/dev/clock", { data: { minutes: Math.ceil((target - now) / MIN) } });
  expect(moved.status()).toBe(200);
  return ((await moved.json()) as { data: { now: number } }).data.now;
}

/** An accepted event of `organizer` from `startsAt`, three hours long, at most 10 attendees; answers its slug. */
function insertAcceptedEvent(organizer: string, startsAt: number): string {
  const db = new Database(e2eDatabasePath(Number(process.env.E2E_PORT ?? 3300) + 1), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const user = db.prepare("SELECT id FROM users WHERE username = ?").get(organizer) as { id: number };
    const slug = `sommernacht-${randomBytes(4).toString("hex")}`;
    db.prepare(
      `INSERT INTO events (organizer_id, category, slug, title, description, status, starts_at, ends_at, time_zone, city_id, city_slug,
        city_name, country_code, lat, lon, max_attendees, created_at, updated_at, decided_at, submitted_at)
       VALUES (?, 'swinger-party', ?, 'Sommernacht am See', 'Ein Abend unter Erwachsenen.', 1, ?, ?, 'Europe/Berlin', 1, 'berlin',
        'Berlin', 'DE', 52.52, 13.405, 10, ?, ?, ?, ?)`,
    ).run(user.id, slug, startsAt, startsAt + 3 * HOUR, startsAt - HOUR, startsAt - HOUR, startsAt - HOUR, startsAt - HOUR);
    return slug;
  } finally {
    db.close();
  }
}

test("a member asks to attend, the organizer accepts, after the event the member reviews it and sees it on the event", async ({
  page,
  request,
  clientIp,
  browser,
}) => {
  test.setTimeout(240_000);
  const net = clientIp.split(".").slice(0, 3).join(".");
  const organizer = await listedClient(request, clientIp, 2);
  const member = await listedClient(request, `${net}.248`, 1);
  const now = await clockTo(request);
  const slug = insertAcceptedEvent(organizer, now + 2 * HOUR);
  const eventPage = `/de/events/swinger-party/${slug}`;

  // The member asks to attend.
  await logIn(page, member, SIGN_UP_PASSWORD, { keep: true });
  await page.goto(eventPage);
  await expect(page.getByRole("heading", { name: "Sommernacht am See" })).toBeVisible();
  await expect(page.getByTestId("attendance-state")).toHaveAttribute("data-state", "none");
  await expect(page.getByTestId("event-reviews-empty")).toHaveText("Noch hat niemand dieses Event bewertet.");
  await page.screenshot({ path: `${SHOTS}/attend-event-member-390.png`, fullPage: true });
  await page.getByTestId("attendance-attend").click();
  await expect(page.getByTestId("attendance-done")).toHaveText("Deine Anfrage ist beim Veranstalter.");
  await expect(page.getByTestId("attendance-state")).toHaveAttribute("data-state", "requested");

  // The organizer sees the request on the event page and accepts it.
  const host = await noJsMemberPage(browser, `${net}.247`, organizer, SIGN_UP_PASSWORD, { keep: true });
  await host.goto(eventPage);
  const request0 = host.getByTestId("attendance-requests").locator(`li[data-username="${member}"]`);
  await expect(request0).toBeVisible();
  await host.screenshot({ path: `${SHOTS}/attend-event-organizer-390.png`, fullPage: true });
  await host.getByTestId(`decide-accept-${member}`).click();
  await expect(host.getByTestId("attendance-done")).toHaveText("Angenommen.");
  await expect(host.getByTestId("attendance-no-requests")).toBeVisible();
  await expect(host.getByTestId("attendance-count")).toHaveText("1 von 10 Plätzen vergeben");
  await host.getByTestId("attendees-link").click();
  await expect(host.getByTestId("attendees-list").locator(`li[data-username="${member}"]`)).toBeVisible();
  await host.screenshot({ path: `${SHOTS}/attend-attendees-390.png`, fullPage: true });
  await host.goto(`${eventPage}/attendees?list=requests`);
  await expect(host.getByTestId("attendees-empty")).toHaveText("Gerade wartet keine Anfrage.");

  // Accepted; a review before the event is over is not offered, and the form says why.
  await page.goto(eventPage);
  await expect(page.getByTestId("attendance-state")).toHaveAttribute("data-state", "accepted");
  await expect(page.getByTestId("event-review-add")).toHaveCount(0);
  await page.goto(`${eventPage}/reviews/add`);
  await expect(page.getByTestId("event-review-cannot")).toBeVisible();

  // After the event: the member reviews it. A post without the ratings keeps the answers given and names the fields.
  await clockTo(request, now + 6 * HOUR);
  await page.goto(eventPage);
  await expect(page.getByTestId("attendance-section")).toContainText("Für dieses Event kann man die Teilnahme nicht mehr ändern.");
  await page.getByTestId("event-review-add").click();
  const form = page.getByTestId("event-review-form");
  await form.locator("fieldset[data-group='would_attend_again'] input[value='yes']").check();
  await form.locator("fieldset[data-group='will_recommend'] input[value='yes']").check();
  await form.getByLabel("Deine Worte (freiwillig)").fill("zu kurz");
  await form.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(form.locator("fieldset[data-group='service']")).toContainText("Bitte wähle eine Bewertung von 1 bis 5.");
  await expect(form.getByText("Bitte schreibe 20 bis 2000 Zeichen.")).toBeVisible();
  await expect(form.locator("fieldset[data-group='would_attend_again'] input[value='yes']")).toBeChecked();
  await expect(form.getByLabel("Deine Worte (freiwillig)")).toHaveValue("zu kurz");
  await page.screenshot({ path: `${SHOTS}/attend-review-refused-390.png`, fullPage: true });
  for (const rating of EVENT_REVIEW_RATINGS)
    await form.locator(`fieldset[data-group='${rating}'] input[value='${rating === "location" ? 4 : 5}']`).check();
  await form.getByLabel("Deine Worte (freiwillig)").fill("Toll organisiert, freundliche Gastgeber und ein schöner Ort.");
  await form.getByRole("button", { name: "Bewertung abschicken" }).click();

  await expect(page).toHaveURL(new RegExp(`${eventPage}\\?review=written`));
  await expect(page.getByTestId("event-review-written")).toBeVisible();
  const review = page.getByTestId("event-review");
  await expect(review).toHaveCount(1);
  await expect(review).toContainText("Toll organisiert, freundliche Gastgeber und ein schöner Ort.");
  await expect(page.getByTestId("event-reviews-overall")).toHaveText("4,8 von 5 aus 1 Bewertung");
  await expect(page.getByTestId("event-review-add")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/attend-event-reviewed-390.png`, fullPage: true });

  // A second review is refused: the form page says it was written.
  await page.goto(`${eventPage}/reviews/add`);
  await expect(page.getByTestId("event-review-cannot")).toHaveText("Du hast dieses Event schon bewertet.");
});

test("refusing a member for good asks once more, without JavaScript, and the member cannot ask again", async ({
  page,
  request,
  clientIp,
  browser,
}) => {
  test.setTimeout(120_000);
  const net = clientIp.split(".").slice(0, 3).join(".");
  const organizer = await listedClient(request, `${net}.246`, 2);
  const member = await listedClient(request, `${net}.245`, 1);
  const slug = insertAcceptedEvent(organizer, (await clockTo(request)) + 24 * HOUR);
  const eventPage = `/de/events/swinger-party/${slug}`;
  await logIn(page, member, SIGN_UP_PASSWORD, { keep: true });
  await page.goto(eventPage);
  await page.getByTestId("attendance-attend").click();
  await expect(page.getByTestId("attendance-state")).toHaveAttribute("data-state", "requested");

  const host = await noJsMemberPage(browser, `${net}.244`, organizer, SIGN_UP_PASSWORD, { keep: true });
  await host.goto(eventPage);
  // The first tap only opens the question: nothing is sent yet.
  const confirm = host.getByTestId(`decide-refuse-confirm-${member}`);
  await expect(confirm).toBeHidden();
  await host.getByTestId(`decide-refuse-${member}`).click();
  await expect(host.getByText(`${member} kann für dieses Event dann keine Anfrage mehr stellen.`)).toBeVisible();
  await host.screenshot({ path: `${SHOTS}/attend-refuse-confirm-390.png`, fullPage: true });
  await page.reload();
  await expect(page.getByTestId("attendance-state")).toHaveAttribute("data-state", "requested");
  await confirm.click();
  await expect(host.getByTestId("attendance-done")).toHaveText("Gesperrt: Diese Person kann nicht mehr anfragen.");

  await page.reload();
  await expect(page.getByTestId("attendance-state")).toHaveAttribute("data-state", "refused");
  await expect(page.getByTestId("attendance-attend")).toHaveCount(0);
});
