/**
 * ADR 123, without JavaScript on a phone (390 px): a review on an event's page is reported from the review itself. An
 * ended event in Dresden with one attendee's review is written into the e2e server's database (attending and
 * reviewing have their own specs, which need the clock); a member opens the review's report form, is refused without a
 * reason (the error at the field, the text kept), then files it; the report names the review (kind event_review).
 */
import { expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { withE2eDb } from "./kyc-fixtures";

test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

test("a member reports an event review from the event's page", async ({ page, request, clientIp }) => {
  test.setTimeout(120_000);
  const organizer = await listedEscortIn(request, clientIp, "Rostock");
  const reviewer = await listedClient(request, clientIp, 1);
  const reader = await listedClient(request, clientIp, 2);
  const slug = `dresden-review-${Date.now().toString(36)}`;
  const reviewId = withE2eDb((db) => {
    const idOf = (username: string) => (db.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;
    const city = db.prepare("SELECT id, slug, name, lat, lon FROM cities WHERE country_code = 'DE' AND slug = 'dresden'").get() as {
      id: number;
      slug: string;
      name: string;
      lat: number;
      lon: number;
    };
    const now = Date.now();
    const event = db
      .prepare(
        `INSERT INTO events (organizer_id, category, slug, title, description, status, starts_at, ends_at, time_zone, city_id,
           city_slug, city_name, country_code, lat, lon, created_at, submitted_at, updated_at, decided_at, first_accepted_at)
         VALUES (?, 'swinger-party', ?, 'Elbabend in Dresden', 'Ein Abend unter Erwachsenen.', 1, ?, ?, 'Europe/Berlin', ?, ?, ?, 'DE', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        idOf(organizer),
        slug,
        now - 10 * 3600_000,
        now - 6 * 3600_000,
        city.id,
        city.slug,
        city.name,
        city.lat,
        city.lon,
        now,
        now,
        now,
        now,
        now,
      );
    return Number(
      db
        .prepare(
          `INSERT INTO event_reviews (event_id, reviewer_id, organizer_id, service, event_organization, location, value_for_money,
             would_attend_again, will_recommend, text, created_at) VALUES (?, ?, ?, 2, 2, 2, 2, 0, 0, 'Werbung: schreibt mir auf meiner Seite.', ?)`,
        )
        .run(event.lastInsertRowid, idOf(reviewer), idOf(organizer), now).lastInsertRowid,
    );
  });

  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await logIn(page, reader, SIGN_UP_PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto(`/de/events/swinger-party/${slug}#reviews`);
  const review = page.getByTestId("event-review").filter({ hasText: "Werbung: schreibt mir" });
  await expect(review).toHaveCount(1);
  await review.getByText("Bewertung melden").click();
  const form = review.getByTestId("event-review-report");
  await form.getByRole("textbox").fill("Die Bewertung wirbt für eine fremde Seite.");
  await form.getByRole("button", { name: "Meldung senden" }).click();
  // Refused without a reason: the form opens again at this review, the error at the field, the text kept.
  const again = page.getByTestId("event-review").filter({ hasText: "Werbung: schreibt mir" }).getByTestId("event-review-report");
  await expect(again).toBeVisible();
  await expect(again.getByRole("textbox")).toHaveValue("Die Bewertung wirbt für eine fremde Seite.");
  await expect(again.locator('[aria-invalid="true"]').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("event-review-report-refused-390.png"), fullPage: true });
  await again.getByRole("combobox").selectOption("spam");
  await again.getByRole("checkbox").check();
  await again.getByRole("button", { name: "Meldung senden" }).click();
  await expect(page).toHaveURL(/done=reported/);
  const filed = withE2eDb(
    (db) =>
      db
        .prepare("SELECT object_kind, object_id, type FROM reports WHERE object_kind = 'event_review' AND object_id = ?")
        .all(reviewId) as unknown[],
  );
  expect(filed).toEqual([{ object_kind: "event_review", object_id: reviewId, type: "spam" }]);
});
