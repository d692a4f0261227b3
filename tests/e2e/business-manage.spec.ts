import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { BUSINESS_LINK_REQUEST_INTERVAL_DAYS } from "#server/contract/business-links";
import { e2eDatabasePath } from "./e2e-database";
import { DEMO, expect, finishClubRegistration, noJsMemberPage, signUp, signUpClub, test } from "./fixtures";

/**
 * Issue 25 items 2, 14 and 7 (business part) in the browser, without JavaScript, at 390 px: a club manages its
 * escorts on user/linked_profiles after registration (asks by username, the escort accepts, the club removes the
 * listing, the escort declines a new request, the club asks again once the interval has passed); the business
 * search filters by category and answers 404 for an unknown one; an agency's profile shows business facts, no
 * person's.
 */

const SHOTS = "test-results/shots";
const DAY = 24 * 60 * 60 * 1000;

/**
 * Lets the interval between two requests pass for one link: its request and answer move back in the e2e server's
 * SQLite file (as captcha-store writes there), instead of the shared server's clock, which other tests rely on.
 */
function letRequestIntervalPass(business: string, escort: string): void {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const shift = (BUSINESS_LINK_REQUEST_INTERVAL_DAYS + 1) * DAY;
    const changed = db
      .prepare(
        `UPDATE business_escorts SET created_at = created_at - ?, decided_at = decided_at - ?
         WHERE business_user_id = (SELECT id FROM users WHERE username = ?) AND escort_user_id = (SELECT id FROM users WHERE username = ?)`,
      )
      .run(shift, shift, business, escort).changes;
    if (changed !== 1) throw new Error(`no link ${business} → ${escort}`);
  } finally {
    db.close();
  }
}

async function askFor(page: Page, username: string) {
  await page.goto("/de/user/linked_profiles");
  const form = page.getByTestId("link-invite");
  await form.getByLabel("Benutzername des Escort-Profils").fill(username);
  await form.getByRole("button", { name: "Anfrage senden" }).click();
}

test("a club asks an escort on linked_profiles, she accepts, the club removes her; after her no it asks again", async ({
  request,
  clientIp,
  browser,
}) => {
  const club = await signUpClub(request, clientIp, "club", "Club Abendrot");
  await finishClubRegistration(request, club.auth, "Ein ruhiger Club am Hafen mit Bar, Sauna und freundlichen Gastgeberinnen. ".repeat(3));
  const escort = await signUp(request, clientIp, "escort", 2);

  const clubPage = await noJsMemberPage(browser, clientIp, club.username);
  await clubPage.goto("/de/user/linked_profiles");
  await expect(clubPage.getByText("Du hast noch keine Escorts genannt.")).toBeVisible();
  await clubPage.screenshot({ path: `${SHOTS}/linked-profiles-business-empty-390.png`, fullPage: true });

  // An unknown name: the error at the field, the typed name kept.
  await askFor(clubPage, "niemand_hier_123");
  await expect(clubPage.getByTestId("link-invite").getByText("Unter diesem Benutzernamen gibt es kein Escort-Profil.")).toBeVisible();
  await expect(clubPage.getByLabel("Benutzername des Escort-Profils")).toHaveValue("niemand_hier_123");
  await clubPage.screenshot({ path: `${SHOTS}/linked-profiles-business-error-390.png`, fullPage: true });

  await askFor(clubPage, escort);
  await expect(clubPage.getByTestId("linked-profiles-done")).toContainText("Anfrage gesendet");
  await expect(clubPage.getByTestId(`named-${escort}`)).toContainText("wartet auf Zustimmung");

  // The escort finds the request (and the mail) and accepts it.
  const escortPage = await noJsMemberPage(browser, clientIp, escort);
  await escortPage.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${escort}@example.test`)}`);
  await expect(escortPage.locator('[data-mail="business_link_request"]').first()).toContainText(club.username);
  await escortPage.goto("/de/user/linked_profiles");
  await escortPage.getByTestId("link-requests").getByRole("button", { name: "Zustimmen" }).click();
  await expect(escortPage.getByTestId("link-listings")).toContainText(club.username);

  await clubPage.goto("/de/user/linked_profiles");
  await expect(clubPage.getByTestId(`named-${escort}`)).toContainText("hat zugestimmt");
  await clubPage.screenshot({ path: `${SHOTS}/linked-profiles-business-list-390.png`, fullPage: true });

  // Removing: the listing ends at once; asking again at once is refused (she was asked less than 30 days ago).
  await clubPage.getByTestId(`named-${escort}`).getByRole("button", { name: "Entfernen" }).click();
  await expect(clubPage.getByTestId("linked-profiles-done")).toContainText("Entfernt");
  await expect(clubPage.getByTestId("named-escorts")).not.toContainText(escort);
  await askFor(clubPage, escort);
  await expect(clubPage.getByTestId("link-invite").getByText("Dasselbe Profil kannst du nur alle 30 Tage anfragen.")).toBeVisible();

  // A month later the club asks again; she declines; the club's page says so and when it may ask next.
  letRequestIntervalPass(club.username, escort);
  await askFor(clubPage, escort);
  await expect(clubPage.getByTestId("linked-profiles-done")).toContainText("Anfrage gesendet");
  await escortPage.goto("/de/user/linked_profiles");
  await escortPage.getByTestId("link-requests").getByRole("button", { name: "Ablehnen" }).click();
  await expect(escortPage.getByText("Keine offenen Anfragen.")).toBeVisible();
  await clubPage.goto("/de/user/linked_profiles");
  const row = clubPage.getByTestId(`named-${escort}`);
  await expect(row).toContainText("abgelehnt");
  await expect(row).toContainText("Erneut anfragen kannst du ab");
  await expect(row.getByRole("button", { name: "Erneut anfragen" })).toHaveCount(0);
  await clubPage.screenshot({ path: `${SHOTS}/linked-profiles-business-declined-390.png`, fullPage: true });

  // Re-inviting once the interval has passed: one button, a new request for her to answer.
  letRequestIntervalPass(club.username, escort);
  await clubPage.goto("/de/user/linked_profiles");
  await clubPage.getByTestId(`named-${escort}`).getByRole("button", { name: "Erneut anfragen" }).click();
  await expect(clubPage.getByTestId(`named-${escort}`)).toContainText("wartet auf Zustimmung");
  await escortPage.goto("/de/user/linked_profiles");
  await expect(escortPage.getByTestId("link-requests")).toContainText(club.username);
  await escortPage.screenshot({ path: `${SHOTS}/linked-profiles-escort-request-390.png`, fullPage: true });
  await clubPage.context().close();
  await escortPage.context().close();
});

test("the business search filters by category and answers 404 for an unknown one", async ({ page }) => {
  await page.goto("/de/agenturen-clubs?city=de-hamburg&radius=50");
  await expect(page.getByTestId("business-categories")).toBeVisible();
  await expect(page.getByRole("link", { name: "Escortagentur Elbnacht" }).first()).toBeVisible();

  await page.getByTestId("business-categories").getByRole("link", { name: "Clubs" }).click();
  await expect(page).toHaveURL(/\/de\/agenturen-clubs\/clubs\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clubs");
  await expect(page.getByRole("link", { name: "Escortagentur Elbnacht" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/business-search-clubs-390.png`, fullPage: true });

  await page.getByTestId("business-categories").getByRole("link", { name: "Agenturen" }).click();
  await expect(page).toHaveURL(/\/de\/agenturen-clubs\/agenturen\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Escort-Agenturen");
  await expect(page.getByRole("link", { name: "Escortagentur Elbnacht" }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/business-search-agencies-390.png`, fullPage: true });

  const unknown = await page.goto("/de/agenturen-clubs/saunaclubs");
  expect(unknown?.status()).toBe(404);
  await page.screenshot({ path: `${SHOTS}/business-search-unknown-390.png`, fullPage: true });

  // The sitemap names the same category addresses.
  const sitemap = await page.request.get("/sitemaps/de/pages.xml");
  const xml = await sitemap.text();
  for (const path of ["agenturen-clubs", "agenturen-clubs/agenturen", "agenturen-clubs/clubs"]) expect(xml).toContain(`/de/${path}</loc>`);
});

test("an agency's profile shows business facts and no person's fields; a club lists its escorts", async ({ page }) => {
  await page.goto(`/de/p/${DEMO.agency}`);
  const facts = page.getByTestId("business-facts");
  await expect(facts).toContainText("Über den Betrieb");
  await expect(facts).toContainText("Escort-Agentur");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Escortagentur Elbnacht");
  for (const personal of ["Geschlecht", "Merkmale und Aussehen", "Größe", "Gewicht", "Figur"]) {
    await expect(page.getByText(personal, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole("heading", { name: "Öffnungszeiten" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/profile-agency-390.png`, fullPage: true });

  await page.goto("/de/p/demo_club");
  await expect(page.getByTestId("business-escorts")).toContainText(/./);
  await page.screenshot({ path: `${SHOTS}/profile-club-390.png`, fullPage: true });
});
