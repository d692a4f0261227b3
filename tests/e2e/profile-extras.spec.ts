import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/**
 * Safer sex, interviews, preferred dates and business reviews (issue 11 items 6 and 7, ADR 039), without
 * JavaScript. The escort is the second nearest seeded escort of Dresden: no other test takes her (the charts
 * test takes the nearest; the visibility and tours tests, which take escorts out of the list, the farthest).
 */

const TEAM = { username: "demo_team", password: "demo-pass-2026" };

const save = (page: Page, index = 0) => page.getByRole("button", { name: "Speichern", exact: true }).nth(index).click();

test("an escort says safer sex, names her dates and answers an interview question; her profile shows all of it", async ({
  page,
  request,
  clientIp,
  browser,
}) => {
  const username = await seededEscortNear(request, clientIp, 51.0504, 13.7373, 1); // Dresden
  await logIn(page, username, DEMO.password);
  await page.goto("/de/user");
  await page.getByRole("link", { name: /Safer Sex & Dates/ }).click();
  await expect(page).toHaveURL(/\/de\/user\/safer_sex$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Safer Sex & Dates");

  await page.getByLabel("Ich biete nur Safer Sex an").check();
  await save(page);
  await expect(page).toHaveURL(/\/de\/user\/safer_sex\?saved=safe_sex$/);
  await expect(page.getByTestId("settings-notice")).toHaveText("Gespeichert. Das Profil zeigt jetzt den neuen Stand.");
  await expect(page.getByLabel("Ich biete nur Safer Sex an")).toBeChecked();

  for (const kind of ["Kurzes Treffen", "Mehrere Stunden", "Dinner-Date", "Übernachtung", "Wochenende", "Reisebegleitung"])
    await page.getByLabel(kind, { exact: true }).setChecked(kind === "Dinner-Date" || kind === "Wochenende");
  await save(page, 1);
  await expect(page).toHaveURL(/\?saved=preferred_dates$/);
  await expect(page.getByLabel("Dinner-Date", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Übernachtung", { exact: true })).not.toBeChecked();

  await page.goto("/de/user/interviews");
  const question = page.getByLabel("Wie sieht für dich das perfekte Date aus?");
  // A phrase the ProstSchG forbids is refused at its field, the text kept.
  await question.fill("Gerne auch ohne Gummi");
  await save(page);
  await expect(page.locator('[data-field-error="perfect_date"]')).toContainText("„ohne Gummi“");
  await expect(question).toHaveValue("Gerne auch ohne Gummi");
  await question.fill("Ein langer Abend am Elbufer, gutes Essen und keine Eile.");
  await save(page);
  await expect(page.getByTestId("settings-notice")).toHaveText(
    "Gespeichert. Du siehst geänderte Antworten sofort; andere sehen sie, sobald unser Team sie freigegeben hat.",
  );
  // The owner reads her own answer at once; it waits for the team (ADR 030, like the profile texts).
  await expect(question).toHaveValue("Ein langer Abend am Elbufer, gutes Essen und keine Eile.");
  await expect(page.locator("#field-perfect_date-hint")).toContainText("Interview-Antwort: wird geprüft.");

  // A guest sees the badge and the preferred dates at once, the answer only after the team accepted it.
  const guest = await browser.newPage();
  await guest.goto(`/de/p/${username}`);
  await expect(guest.getByTestId("badge-safe-sex")).toHaveText("Nur Safer Sex");
  await expect(guest.getByText("Ein langer Abend am Elbufer, gutes Essen und keine Eile.")).toHaveCount(0);
  await expect(guest.getByTestId("profile-preferred-dates")).toContainText("Dinner-Date, Wochenende");

  const team = await browser.newPage();
  await logIn(team, TEAM.username, TEAM.password);
  await team.waitForURL((url) => !url.pathname.endsWith("/login"));
  await team.goto(`/de/backoffice?owner=${username}`);
  const waiting = team.getByTestId("queue-item").filter({ has: team.getByRole("heading", { name: "Text: Interview-Antwort" }) });
  await expect(waiting.getByTestId("interview-question")).toHaveText("Wie sieht für dich das perfekte Date aus?");
  await expect(waiting.locator("blockquote")).toContainText("Ein langer Abend am Elbufer");
  await waiting.getByRole("button", { name: "Freigeben" }).click();
  await expect(team.getByTestId("backoffice-notice")).toHaveText("Freigegeben. Das Mitglied ist per E-Mail informiert.");
  await team.close();

  // Guest pages may be served from the host's micro-cache for a few seconds; a fresh browser each time (no HTTP cache).
  const publicAnswer = async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    const fresh = await context.newPage();
    await fresh.goto(`/de/p/${username}`);
    const interview = fresh.getByTestId("profile-interview");
    const shown =
      (await interview.getByText("Wie sieht für dich das perfekte Date aus?").count()) +
      (await interview.getByText("Ein langer Abend am Elbufer, gutes Essen und keine Eile.").count());
    await context.close();
    return shown;
  };
  await expect.poll(publicAnswer, { timeout: 30_000, intervals: [2_000] }).toBe(2);
  await guest.close();

  // Switched off again, the badge goes.
  await page.goto("/de/user/safer_sex");
  await page.getByLabel("Ich biete nur Safer Sex an").uncheck();
  await save(page);
  await page.goto(`/de/p/${username}`);
  await expect(page.getByTestId("badge-safe-sex")).toHaveCount(0);
});

test("a club's business reviews tab lists what there is; a client has no safer-sex page but an interview", async ({ page }) => {
  // The reviews tab's feature with the business criteria: the demo seed's reviews of demo_club (issue 13).
  await page.goto("/de/p/demo_club/business_reviews");
  const tab = page.getByTestId("tab-business_reviews");
  await expect(tab.getByTestId("reviews-summary")).toContainText("3 Bewertungen");
  await expect(tab.getByTestId("reviews-summary")).toContainText("Sauberkeit");
  await expect(tab.getByTestId("reviews-summary")).not.toContainText("Hygiene");
  await expect(tab.locator("article[data-review-id]")).toHaveCount(3);
  await page.goto("/de/p/demo_agency/business_reviews");
  await expect(page.getByTestId("tab-business_reviews")).toContainText(
    "Für Escortagentur Elbnacht gibt es noch keine Bewertungen als Betrieb.",
  );
  await page.goto("/de/p/demo_club/business_reviews?page=abc");
  await expect(page).toHaveURL(/\/de\/p\/demo_club\/business_reviews$/);
  expect((await page.goto(`/de/p/${DEMO.escort}/business_reviews`))?.status()).toBe(404);

  await logIn(page, DEMO.client, DEMO.password);
  await page.goto("/de/user");
  await expect(page.getByTestId("settings-profile_appearance").getByRole("link", { name: /Interview/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Safer Sex/ })).toHaveCount(0);
  expect((await page.goto("/de/user/safer_sex"))?.status()).toBe(404);
  await page.goto("/de/user/interviews");
  await expect(page.getByLabel("Was ich suche")).toBeVisible();
  await expect(page.getByLabel("Was ich nicht mache")).toHaveCount(0);
});

test("a club's reviews tab lists its escorts' reviews, naming each; its own reviews stay on business reviews", async ({ page }) => {
  // The demo seed: demo_club lists demo_escort (accepted), who has published reviews (other tests may add more).
  await page.goto("/de/p/demo_club/reviews");
  const tab = page.getByTestId("tab-reviews");
  await expect(tab).toContainText("Bewertungen der Escorts, die bei Club Mondschein gelistet sind.");
  await expect(tab.getByTestId("reviews-summary")).toHaveCount(0);
  const first = tab.getByTestId("escort-review").first();
  await expect(first.getByTestId("escort-review-escort")).toHaveAttribute("href", `/de/p/${DEMO.escort}`);
  await expect(first.locator("article[data-review-id]")).toContainText("Hygiene");
  await expect(first).not.toContainText("Sauberkeit");
  // The club's own reviews: business criteria, none of them about the escort.
  await tab.getByRole("link", { name: "Bewertungen des Betriebs selbst" }).click();
  await expect(page).toHaveURL(/\/de\/p\/demo_club\/business_reviews$/);
  const own = page.getByTestId("tab-business_reviews");
  await expect(own.getByTestId("reviews-summary")).toContainText("Sauberkeit");
  await expect(own.getByTestId("escort-review")).toHaveCount(0);
  // An agency without linked escorts says so; an escort's own tab is unchanged.
  await page.goto("/de/p/demo_agency/reviews");
  await expect(page.getByTestId("escort-reviews-empty")).toHaveText(
    "Zu den Escorts von Escortagentur Elbnacht gibt es noch keine Bewertungen.",
  );
  await page.goto(`/de/p/${DEMO.escort}/reviews`);
  await expect(page.getByTestId("tab-reviews").getByTestId("reviews-summary")).toBeVisible();
  await expect(page.getByTestId("escort-review")).toHaveCount(0);
});
