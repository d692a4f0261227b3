import { DEMO, expect, listedClient, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 13 items 1 and 2 in the browser, without JavaScript: a client asks an escort for a date from her profile
 * (a start less than 45 minutes ahead is refused at the field, the input kept), the escort proposes another time,
 * the client accepts; the test server's clock is moved on (POST /api/v2/dev/clock) until the start is 20 minutes
 * away, and the client's cancellation is refused with its message.
 */

const MIN = 60_000;

/** The wall clock of a moment in Berlin, as the form's date and time inputs take it. */
function wall(ms: number): { date: string; time: string } {
  const [date = "", time = ""] = new Date(ms).toLocaleString("sv-SE", { timeZone: "Europe/Berlin", hour12: false }).split(" ");
  return { date, time: time.slice(0, 5) };
}

test("a client requests a date, the escort reschedules, the client accepts; a late cancellation is refused", async ({
  page,
  request,
  clientIp,
  browser,
}, testInfo) => {
  const client = await listedClient(request, clientIp, 1);
  await logIn(page, client, SIGN_UP_PASSWORD);
  // Date requests need a verified address (ADR 024): through the dev mailbox.
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${client}@example.test`)}`);
  await page.goto((await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href"))!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
  await page.goto(`/de/p/${DEMO.escort}`);
  await page.getByTestId("date-request-link").click();
  await expect(page).toHaveURL(new RegExp(`/de/my_date/new/${DEMO.escort}$`));
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
  await expect(page.getByText("Das Date muss mindestens 45 Minuten in der Zukunft beginnen.")).toBeVisible();
  await expect(page.locator('textarea[name="message"]')).toHaveValue("Ich freue mich!");
  await expect(page.locator('input[name="address"]')).toHaveValue("Hotel Adlon, Zimmer 12");
  await page.screenshot({ path: testInfo.outputPath("date-request-too-soon-390.png"), fullPage: true });

  const first = wall(Math.ceil(earliest / MIN) * MIN + 60 * MIN);
  await page.locator('input[name="date"]').fill(first.date);
  await page.locator('input[name="time"]').fill(first.time);
  await page.getByRole("button", { name: "Anfrage senden" }).click();
  await expect(page.getByTestId("date-done")).toHaveText("Deine Anfrage ist verschickt.");
  const dateUrl = new URL(page.url()).pathname;
  expect(dateUrl).toMatch(/^\/de\/my_date\/\d+$/);
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "waiting_for_response");
  await expect(page.getByText("Hotel Adlon, Zimmer 12")).toBeVisible();

  // The escort proposes a time 10 minutes after the earliest start the client was offered.
  const escort = await noJsMemberPage(browser, clientIp, DEMO.escort, DEMO.password);
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
  const moved = Math.ceil(earliest / MIN) * MIN + 10 * MIN;
  const reschedule = escort.getByTestId("reschedule-form");
  await reschedule.locator('input[name="date"]').fill(wall(moved).date);
  await reschedule.locator('input[name="time"]').fill(wall(moved).time);
  await reschedule.getByRole("button", { name: "Neue Zeit vorschlagen" }).click();
  await expect(escort.getByTestId("date-done")).toHaveText("Deine neue Zeit ist vorgeschlagen.");
  await escort.screenshot({ path: testInfo.outputPath("date-escort-rescheduled-390.png"), fullPage: true });

  // The client accepts the new time.
  await page.goto(dateUrl);
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "needs_confirmation");
  await page.getByRole("button", { name: "Annehmen" }).click();
  await expect(page.getByTestId("date-done")).toHaveText("Das Date ist zugesagt.");
  await expect(page.getByTestId("date-stage")).toHaveAttribute("data-stage", "upcoming");
  await expect(page.getByTestId("date-timeline").locator("li")).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath("date-accepted-390.png"), fullPage: true });

  // Time passes until the start is about 20 minutes away: the cancellation is refused with its message.
  // The server's time (a minute on, the smallest step), then on to 20 minutes before the start.
  const probe = await request.post("/api/v2/dev/clock", { data: { minutes: 1 } });
  expect(probe.status()).toBe(200);
  const probed = ((await probe.json()) as { data: { now: number } }).data.now;
  const clock = await request.post("/api/v2/dev/clock", { data: { minutes: Math.max(1, Math.floor((moved - 20 * MIN - probed) / MIN)) } });
  expect(clock.status()).toBe(200);
  const serverNow = ((await clock.json()) as { data: { now: number } }).data.now;
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

  await page.goto("/de/my_date");
  await expect(page.getByTestId("date-entry").first()).toHaveAttribute("data-stage", "upcoming");
  await page.screenshot({ path: testInfo.outputPath("my-date-client-390.png"), fullPage: true });
  await escort.context().close();
});
