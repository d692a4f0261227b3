/**
 * Events without JavaScript on a phone (issue 29 items 1, 6, 7; ADR 099): a fresh club creates an event (a refused
 * title is answered at its field, the rest kept), sees it waiting; a guest gets 404 until the team accepts it in the
 * back office; then the guest opens it (time at the place with its zone, Event JSON-LD, canonical). The club's
 * my_events filters, and the confirmed cancellation. Screenshots at 390 px (test-results/…/events-*-390.png).
 * Fresh accounts only: demo_team only decides.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, finishClubRegistration, noJsMemberPage, signUpClub, test } from "./fixtures";

const TEAM = { username: "demo_team", password: "demo-pass-2026" };

/** The wall clock in Berlin `days` from now at 20:00, as a datetime-local field takes it. */
function berlinEvening(days: number, hour = 20): string {
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(Date.now() + days * 86_400_000);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

/** A signed-in club without JavaScript whose address is verified through the dev mailbox (publishing needs it). */
async function verifiedClubPage(browser: Browser, clientIp: string, username: string): Promise<Page> {
  const page = await noJsMemberPage(browser, clientIp, username);
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
  await page.goto(link!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
  return page;
}

test.describe("events", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a club creates an event, the team accepts it, a guest opens it; my_events filters and cancel", async ({
    browser,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(180_000);
    const club = await signUpClub(request, clientIp, "eclub", "Event Club");
    await finishClubRegistration(
      request,
      club.auth,
      "Ein Club in Hamburg mit Bar, Lounge und zwei Zimmern. Freitags ab 18 Uhr geöffnet. Wir freuen uns auf deinen Besuch und ein gutes Gespräch bei uns.",
    );
    const page = await verifiedClubPage(browser, clientIp, club.username);
    const shot = (p: Page, name: string) => p.screenshot({ path: testInfo.outputPath(`events-${name}-390.png`), fullPage: true });

    // my_events starts empty, with the way to a first event.
    await page.goto("/de/my_events");
    await expect(page.getByTestId("my-events-empty")).toHaveText("Du hast noch keine Events angelegt.");
    await shot(page, "my-empty");
    await page.getByTestId("my-events-add").click();
    await expect(page).toHaveURL(/\/de\/events\/add$/);

    // A refused title: the error at its field, the other input kept.
    const title = `Sommernacht im Club ${club.username.slice(-5).replace(/\d/g, "x")}`;
    await page.getByLabel("Titel *").fill("Ab");
    await page.getByLabel("Kategorie *").selectOption("swinger-party");
    await page.getByLabel("Beginn *").fill(berlinEvening(10));
    await page.getByLabel("Ende *").fill(berlinEvening(10, 23));
    await page.getByLabel("Stadt *").fill("Hamburg");
    await page.getByLabel("Eintritt in Euro").fill("30");
    await page.getByLabel("Beschreibung *").fill("Eine Nacht mit DJ, Buffet und netten Leuten. Einlass ab 20 Uhr.");
    await page.getByTestId("event-save").click();
    await expect(page.locator("#field-title-error")).toHaveText("Gib einen Titel mit 5 bis 100 Zeichen ein.");
    await expect(page.getByLabel("Eintritt in Euro")).toHaveValue("30");
    await expect(page.getByLabel("Stadt *")).toHaveValue("Hamburg");
    await shot(page, "add-refused");

    await page.getByLabel("Titel *").fill(title);
    await page.getByTestId("event-save").click();
    await expect(page).toHaveURL(/\/de\/events\/swinger-party\/sommernacht-im-club-[a-z-]+\?done=created$/);
    await expect(page.getByTestId("event-done")).toHaveText("Dein Event ist eingereicht. Das Team prüft es.");
    await expect(page.getByTestId("event-when")).toContainText("20:00 Uhr – 23:00 Uhr");
    await expect(page.getByTestId("event-when")).toContainText("(Europe/Berlin)");
    await expect(page.getByTestId("event-price")).toContainText("30");
    await shot(page, "detail-pending");
    const eventPath = new URL(page.url()).pathname;

    // A guest finds nothing while the team has not decided.
    const guest = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
    const guestPage = await guest.newPage();
    await guestPage.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    expect((await guestPage.goto(eventPath))!.status()).toBe(404);

    // The team accepts it in the back office.
    const team = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    await team.goto("/de/backoffice");
    await team.getByTestId("backoffice-events-link").click();
    await expect(team).toHaveURL(/\/de\/backoffice\/events$/);
    const item = team.getByTestId("event-queue-item").filter({ hasText: title });
    await expect(item).toBeVisible();
    await shot(team, "backoffice");
    await item.getByTestId("event-accept").click();
    await expect(team.getByTestId("event-queue-done")).toHaveText("Das Event ist freigegeben.");

    // Now the guest opens it: time at the place, structured data and the canonical address. (A query of its own: the
    // guest's 404 above may be cached for a minute.)
    expect((await guestPage.goto(`${eventPath}?seen=accepted`))!.status()).toBe(200);
    await expect(guestPage.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(guestPage.getByTestId("event-organizer")).toBeVisible();
    await expect(guestPage.getByTestId("event-banner")).toHaveCount(0);
    const jsonLd = JSON.parse((await guestPage.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd).toMatchObject({ "@type": "Event", name: title, eventStatus: "https://schema.org/EventScheduled" });
    expect(jsonLd.startDate).toMatch(/T20:00:00\+0[12]:00$/);
    await expect(guestPage.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${eventPath}$`));
    await expect(guestPage.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      new RegExp(eventPath.replace("/de/", "/en/")),
    );
    await shot(guestPage, "detail-guest");

    // my_events: the filters, then a confirmed cancellation.
    await page.goto("/de/my_events");
    await page.getByTestId("my-events-filter-upcoming").click();
    await expect(page.getByTestId("my-event")).toHaveCount(1);
    await expect(page.getByTestId("my-event-status")).toHaveText("Freigegeben");
    await page.getByTestId("my-events-filter-past").click();
    await expect(page.getByTestId("my-events-empty")).toHaveText("Du hast keine vergangenen Events.");
    await page.getByTestId("my-events-filter-upcoming").click();
    await page.getByTestId("my-event-cancel").click();
    await expect(page.getByTestId("my-event-confirm")).toContainText("Alle, die zugesagt haben, werden benachrichtigt.");
    await shot(page, "my-confirm");
    await page.getByTestId("my-event-confirm-cancel").click();
    await expect(page).toHaveURL(/\/de\/my_events\?filter=cancelled&done=cancelled$/);
    await expect(page.getByTestId("my-events-done")).toBeVisible();
    await expect(page.getByTestId("my-event-status")).toHaveText("Abgesagt");
    await shot(page, "my-cancelled");

    // The guest still finds it, marked cancelled.
    await guestPage.goto(`${eventPath}?seen=cancelled`);
    await expect(guestPage.getByTestId("event-banner")).toHaveAttribute("data-status", "cancelled");
    await guest.close();
  });
});
