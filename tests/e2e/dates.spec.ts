import type { APIRequestContext, Page } from "@playwright/test";
import { PERSON_REVIEW_CRITERIA } from "#server/contract/reviews";
import { DEMO, expect, listedClient, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 13 in the browser, without JavaScript, as one flow through the UI and the test server's clock
 * (POST /api/v2/dev/clock; this spec runs in the playwright project "clock", on a server of its own): a client
 * asks an escort for a date (a start less than 45 minutes ahead is refused at the field), the escort proposes
 * another time, the client accepts; the escort sets a safety check-in and checks in; 20 minutes before the start
 * the client's cancellation is refused; time passes beyond the date, both review (blind until both wrote), the
 * reviews appear together on both profiles, the escort answers. A member who was not on the date is refused, and
 * a review posted on day 8 is refused with its message.
 */

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** The wall clock of a moment in Berlin, as the form's date and time inputs take it. */
function wall(ms: number): { date: string; time: string } {
  const [date = "", time = ""] = new Date(ms).toLocaleString("sv-SE", { timeZone: "Europe/Berlin", hour12: false }).split(" ");
  return { date, time: time.slice(0, 5) };
}

/** Moves the server's clock on until `target` (at least one minute); returns the server's new time. */
async function clockTo(request: APIRequestContext, target: number): Promise<number> {
  // The server's time first (a minute on, the smallest step), then the rest.
  const probe = await request.post("/api/v2/dev/clock", { data: { minutes: 1 } });
  expect(probe.status()).toBe(200);
  const now = ((await probe.json()) as { data: { now: number } }).data.now;
  if (target - now < MIN) return now;
  const moved = await request.post("/api/v2/dev/clock", { data: { minutes: Math.floor((target - now) / MIN) } });
  expect(moved.status()).toBe(200);
  return ((await moved.json()) as { data: { now: number } }).data.now;
}

/** Date requests need a verified address (ADR 024): through the dev mailbox. */
async function verifyEmail(page: Page, username: string) {
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  await page.goto((await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href"))!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
}

/** Sends a date request from the escort's profile at `at`; returns the date page's path. */
async function requestDate(page: Page, escort: string, at: (earliest: number) => number, message: string): Promise<string> {
  await page.goto(`/de/p/${escort}`);
  await page.getByTestId("date-request-link").click();
  await expect(page).toHaveURL(new RegExp(`/de/my_date/new/${escort}$`));
  const form = page.getByTestId("date-request-form");
  const when = wall(at(Number(await form.getAttribute("data-earliest"))));
  await form.locator('input[name="date"]').fill(when.date);
  await form.locator('input[name="time"]').fill(when.time);
  await form.locator('input[name="place_type"][value="hotel"]').check();
  await form.locator('input[name="address"]').fill("Hotel Adlon, Zimmer 12");
  await form.locator('textarea[name="message"]').fill(message);
  await form.getByRole("button", { name: "Anfrage senden" }).click();
  await expect(page.getByTestId("date-done")).toHaveText("Deine Anfrage ist verschickt.");
  const path = new URL(page.url()).pathname;
  expect(path).toMatch(/^\/de\/my_date\/\d+$/);
  return path;
}

/** Fills the review form: every criterion with `rating`, the three questions, punctuality and the text. */
async function fillReview(page: Page, rating: number, text: string) {
  const form = page.getByTestId("review-form");
  const ratingGroups = form.locator("fieldset[data-group^='ratings.']");
  // all() does not wait: right after a navigation it may find no group yet, and the review would go out unrated.
  await expect(ratingGroups).toHaveCount(PERSON_REVIEW_CRITERIA.length);
  for (const group of await ratingGroups.all()) await group.locator(`input[value="${rating}"]`).check();
  await form.locator("fieldset[data-group='would_you_recommend_this_user'] input[value='yes']").check();
  await form.locator("fieldset[data-group='profile_match_reality'] input[value='yes']").check();
  await form.locator("fieldset[data-group='would_you_come_again'] input[value='no']").check();
  await form.locator("fieldset[data-group='punctuality'] input[value='on_time']").check();
  await form.getByLabel("Deine Bewertung in Worten").fill(text);
}

const dateIdOf = (path: string) => Number(path.split("/").at(-1));

test("request, reschedule, accept, check-in, time passes, both review, the escort answers; the refusals on the way", async ({
  page,
  request,
  clientIp,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const net = clientIp.split(".").slice(0, 3).join(".");
  const client = await listedClient(request, clientIp, 1);
  // A second client: not on the client's date (refused there), and on a date of their own that they review too late.
  const other = await listedClient(request, `${net}.249`, 1);
  // Logged in to stay: the week that passes below would end a session that is not kept.
  await logIn(page, client, SIGN_UP_PASSWORD, { keep: true });
  await verifyEmail(page, client);

  await page.goto(`/de/p/${DEMO.escort}`);
  await page.getByTestId("date-request-link").click();
  const form = page.getByTestId("date-request-form");
  const earliest = Number(await form.getAttribute("data-earliest"));
  await page.screenshot({ path: testInfo.outputPath("date-request-390.png"), fullPage: true });

  // Too soon: refused next to the time, the message kept.
  const soon = wall(earliest - 10 * MIN);
  await page.locator('input[name="date"]').fill(soon.date);
  await page.locator('input[name="time"]').fill(soon.time);
  await page.locator('input[name="place_type"][value="hotel"]').check();
  await page.locator('input[name="address"]').fill("Hotel Adlon, Zimmer 12");
  await page.locator('textarea[name="message"]').fill("Ich freue mich!");
  await form.getByRole("button", { name: "Anfrage senden" }).click();
  await expect(form.getByText("Das Date muss mindestens 45 Minuten in der Zukunft beginnen.")).toBeVisible();
  await expect(page.locator('textarea[name="message"]')).toHaveValue("Ich freue mich!");
  await expect(page.locator('input[name="address"]')).toHaveValue("Hotel Adlon, Zimmer 12");
  await page.screenshot({ path: testInfo.outputPath("date-request-too-soon-390.png"), fullPage: true });

  const base = Math.ceil(earliest / MIN) * MIN;
  const dateUrl = await requestDate(page, DEMO.escort, () => base + 60 * MIN, "Ich freue mich!");
  const dateId = dateIdOf(dateUrl);
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "waiting_for_response");
  await expect(page.getByText("Hotel Adlon, Zimmer 12")).toBeVisible();

  // The escort proposes a time 10 minutes after the earliest start the client was offered.
  const escort = await noJsMemberPage(browser, `${net}.250`, DEMO.escort, DEMO.password, { keep: true });
  await escort.goto("/de/my_date?stage=needs_confirmation");
  await expect(
    escort
      .getByTestId("date-entry")
      .filter({ has: escort.getByText(client, { exact: false }) })
      .first(),
  ).toBeVisible();
  await escort.screenshot({ path: testInfo.outputPath("my-date-escort-390.png"), fullPage: true });
  await escort.goto(dateUrl);
  await expect(escort.getByTestId("date-stage")).toHaveAttribute("data-stage", "needs_confirmation");
  const moved = base + 10 * MIN;
  const reschedule = escort.getByTestId("reschedule-form");
  await reschedule.locator('input[name="date"]').fill(wall(moved).date);
  await reschedule.locator('input[name="time"]').fill(wall(moved).time);
  await reschedule.getByRole("button", { name: "Neue Zeit vorschlagen" }).click();
  await expect(escort.getByTestId("date-done")).toHaveText("Deine neue Zeit ist vorgeschlagen.");

  // The client accepts the new time.
  await page.goto(dateUrl);
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "needs_confirmation");
  await page.getByRole("button", { name: "Annehmen" }).click();
  await expect(page.getByTestId("date-done")).toHaveText("Das Date ist zugesagt.");
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "upcoming");
  await expect(page.getByTestId("date-timeline").locator("li")).toHaveCount(3);
  // The check-in is the escort's alone: the client sees nothing of it.
  await expect(page.getByTestId("checkin")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("date-accepted-390.png"), fullPage: true });

  // The second client's own date with the escort, accepted as asked.
  const otherPage = await noJsMemberPage(browser, `${net}.249`, other, SIGN_UP_PASSWORD, { keep: true });
  await verifyEmail(otherPage, other);
  const otherUrl = await requestDate(otherPage, DEMO.escort, (e) => Math.ceil(e / MIN) * MIN + 30 * MIN, "Bis bald.");
  await escort.goto(otherUrl);
  await escort.getByRole("button", { name: "Annehmen" }).click();
  await expect(escort.getByTestId("date-stage")).toHaveAttribute("data-stage", "upcoming");
  const otherStart = Number(await escort.getByTestId("date-when").getAttribute("data-starts-at"));

  // The escort's safety check-in without JavaScript: a contact that is no address is refused at the field, then
  // the check-in is set for the end of the date, and the escort checks in.
  await escort.goto(dateUrl);
  await expect(escort.getByTestId("date-stage")).toHaveAttribute("data-stage", "upcoming");
  const checkin = escort.getByTestId("checkin");
  const duration = Number(await escort.getByTestId("date-duration").getAttribute("data-minutes"));
  const due = wall(moved + duration * MIN);
  await checkin.locator('input[name="date"]').fill(due.date);
  await checkin.locator('input[name="time"]').fill(due.time);
  await checkin.locator('select[name="contact_kind"]').selectOption("email");
  await checkin.locator('input[name="contact"]').fill("keine adresse");
  await checkin.getByRole("button", { name: "Check-in speichern" }).click();
  await expect(escort.locator("#checkin-contact-error")).not.toBeEmpty();
  await expect(escort.getByTestId("checkin").locator('input[name="time"]')).toHaveValue(due.time);
  await escort.screenshot({ path: testInfo.outputPath("checkin-refused-390.png"), fullPage: true });
  await escort.getByTestId("checkin").locator('input[name="contact"]').fill("freundin@example.test");
  await escort.getByTestId("checkin").getByRole("button", { name: "Check-in speichern" }).click();
  await expect(escort.getByTestId("checkin-state")).toContainText(`Melde dich bis`);
  await expect(escort.getByTestId("checkin-state")).toContainText(due.time);
  await escort.screenshot({ path: testInfo.outputPath("checkin-set-390.png"), fullPage: true });
  await escort.getByRole("button", { name: "Ich bin sicher – jetzt melden" }).click();
  await expect(escort.getByTestId("checkin-state")).toContainText("Gemeldet um");
  await expect(escort.getByRole("button", { name: "Ich bin sicher – jetzt melden" })).toHaveCount(0);
  await page.goto(dateUrl);
  await expect(page.getByTestId("checkin")).toHaveCount(0);

  // Time passes until the start is about 20 minutes away: the cancellation is refused with its message.
  const serverNow = await clockTo(request, moved - 20 * MIN);
  expect(moved - serverNow).toBeLessThan(30 * MIN);
  expect(moved - serverNow).toBeGreaterThan(0);
  await page.goto(dateUrl);
  await page.getByRole("button", { name: "Absagen" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Weniger als 30 Minuten vor Beginn kann das Date nicht mehr abgesagt oder verschoben werden.",
  );
  await page.goto(dateUrl);
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "upcoming");
  await page.screenshot({ path: testInfo.outputPath("date-cancel-refused-390.png"), fullPage: true });

  // Both dates end: the review window opens.
  await clockTo(request, Math.max(moved, otherStart) + (duration + 240) * MIN);
  await page.goto(dateUrl);
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "needs_review");
  await page.screenshot({ path: testInfo.outputPath("date-needs-review-390.png"), fullPage: true });
  await page.goto("/de/my_date?stage=needs_review");
  await expect(page.getByTestId("date-entry").first()).toHaveAttribute("data-stage", "needs_review");

  // A member who was not on the date: neither the form nor the reviews, a page that says so.
  for (const path of [`add/${dateId}`, `detail/${dateId}`]) {
    expect((await otherPage.goto(`/de/dating/reviews/${path}`))?.status()).toBe(404);
    await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
  }
  // The second client opens the form of their own date now (and posts it a week too late, below).
  await otherPage.goto(`/de/dating/reviews/add/${dateIdOf(otherUrl)}`);
  await fillReview(otherPage, 3, "Nett, aber etwas zu spät gekommen. Insgesamt in Ordnung.");

  // The client reviews from the date's page: a review without choices names every group, the typed text stays; the
  // filter refuses.
  await page.goto(dateUrl);
  await page.getByRole("link", { name: "Jetzt bewerten" }).click();
  await expect(page).toHaveURL(new RegExp(`/de/dating/reviews/add/${dateId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("bewerten");
  await page.getByLabel("Deine Bewertung in Worten").fill("Sehr angenehmer Abend, alles wie verabredet.");
  await page.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(page.locator("[data-field-error='ratings.communication']")).toHaveText("Bitte wähle eine Bewertung von 1 bis 5.");
  await expect(page.locator("[data-field-error='punctuality']")).toHaveText("Bitte wähle, wie pünktlich das Date war.");
  await expect(page.getByLabel("Deine Bewertung in Worten")).toHaveValue("Sehr angenehmer Abend, alles wie verabredet.");
  await fillReview(page, 5, "Alles war super, sogar AO ging, sehr zu empfehlen.");
  await page.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(page.locator("[data-field-error='text']")).toContainText("AO");
  await expect(page.locator("fieldset[data-group='ratings.communication'] input[value='5']")).toBeChecked();
  await fillReview(page, 5, "Sehr angenehmer Abend, pünktlich und diskret. Gerne wieder.");
  await page.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(page).toHaveURL(new RegExp(`/de/dating/reviews/detail/${dateId}\\?done=written$`));
  await expect(page.getByTestId("review-done")).toHaveText("Deine Bewertung ist gespeichert.");
  await expect(page.getByTestId("review-mine")).toContainText("Sehr angenehmer Abend");
  await expect(page.getByTestId("review-blind")).toContainText("noch nicht bewertet");

  // Blind: nothing on the escort's profile yet, and the escort does not read it.
  await page.goto(`/de/p/${DEMO.escort}/reviews`);
  await expect(page.getByTestId("tab-reviews")).toBeVisible();
  await expect(page.getByText("Sehr angenehmer Abend")).toHaveCount(0);
  await escort.goto(`/de/dating/reviews/detail/${dateId}`);
  await expect(escort.getByTestId("review-blind")).toContainText("hat bereits bewertet");
  await expect(escort.getByText("Sehr angenehmer Abend")).toHaveCount(0);
  await escort.getByRole("link", { name: "Jetzt bewerten" }).click();
  await fillReview(escort, 4, "Freundlicher Gast, hat sich an alle Absprachen gehalten.");
  await escort.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(escort.getByTestId("review-done")).toBeVisible();
  // Both published at once: the escort now reads the client's review.
  await expect(escort.getByTestId("review-theirs")).toContainText("Sehr angenehmer Abend");

  // Together on both profiles, with the averages.
  await page.goto(`/de/p/${DEMO.escort}/reviews`);
  await expect(page.getByTestId("reviews-summary")).toContainText("Bewertung");
  await expect(page.getByTestId("tab-reviews")).toContainText("Sehr angenehmer Abend");
  await page.goto(`/de/p/${client}/reviews`);
  await expect(page.getByTestId("reviews-summary")).toContainText("1 Bewertung");
  await expect(page.getByTestId("reviews-summary")).toContainText("Durchschnitt 4,0 von 5");
  await expect(page.getByTestId("tab-reviews")).toContainText("Freundlicher Gast");
  await page.goto(dateUrl);
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "completed");
  await expect(page.getByTestId("date-review-link")).toHaveText("Bewertungen ansehen");

  // The escort answers the client's review once.
  await escort.goto(`/de/dating/reviews/detail/${dateId}`);
  await escort.getByLabel("Deine Antwort auf die Bewertung (einmal möglich)").fill("Danke dir, es war ein schöner Abend!");
  await escort.getByRole("button", { name: "Antwort veröffentlichen" }).click();
  await expect(escort.getByTestId("review-done")).toHaveText("Deine Antwort ist veröffentlicht.");
  await expect(escort.getByTestId("comment-form")).toHaveCount(0);
  await page.goto(`/de/p/${DEMO.escort}/reviews`);
  await expect(page.getByTestId("review-comment").filter({ hasText: "Danke dir, es war ein schöner Abend!" })).toHaveCount(1);

  // A week passes: the second client's review, posted on day 8, is refused with its message.
  await clockTo(request, otherStart + 7 * DAY + (duration + 60) * MIN);
  await otherPage.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(otherPage.getByRole("alert")).toContainText("Das Date ist mehr als 7 Tage her: Bewerten ist nicht mehr möglich.");
  await expect(otherPage.getByTestId("review-closed")).toBeVisible();
  await expect(otherPage.getByTestId("review-form")).toHaveCount(0);
  await otherPage.screenshot({ path: testInfo.outputPath("review-day-8-refused-390.png"), fullPage: true });
  await otherPage.goto(`/de/dating/reviews/add/${dateIdOf(otherUrl)}`);
  await expect(otherPage.getByRole("alert")).toHaveCount(0);
  await expect(otherPage.getByTestId("review-closed")).toBeVisible();
  await expect(otherPage.getByTestId("review-form")).toHaveCount(0);
  await otherPage.goto(otherUrl);
  await expect(otherPage.getByTestId("date-stage")).toHaveAttribute("data-stage", "completed");
  await otherPage.screenshot({ path: testInfo.outputPath("date-review-window-closed-390.png"), fullPage: true });

  await escort.context().close();
  await otherPage.context().close();
});
