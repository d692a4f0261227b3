import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { DEMO, expect, listedClient, logIn, noJsMemberPage, seededEscortNear, SIGN_UP_PASSWORD, test } from "./fixtures";
import { e2eDatabasePath } from "./e2e-database";

/**
 * Date reviews (issue 13 items 3–6, ADR 047) with JavaScript off: both members of an accepted date that ended
 * review each other, blind until both wrote; then both reviews appear together on both profiles, and the escort
 * answers the review of her. A third member and day 8 are refused.
 */

/** The e2e server's database (as captcha-store.ts): accepted dates are written here, the requests have their own tests. */
const E2E_DATABASE = e2eDatabasePath();
const MINUTE = 60 * 1000;

/** An accepted 60-minute date between two members that ended `endedMinutesAgo` ago; returns its id. */
function insertAcceptedDate(senderUsername: string, receiverUsername: string, endedMinutesAgo: number): number {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const idOf = (username: string) =>
      (db.prepare("SELECT id FROM users WHERE username_key = ?").get(username.toLowerCase()) as { id: number }).id;
    const now = Date.now();
    const startsAt = now - (endedMinutesAgo + 60) * MINUTE;
    const result = db
      .prepare(
        `INSERT INTO dates (sender_id, receiver_id, status, starts_at, duration_minutes, place_type, price, created_at, updated_at)
         VALUES (?, ?, 1, ?, 60, 'incall', 200, ?, ?)`,
      )
      .run(idOf(senderUsername), idOf(receiverUsername), startsAt, startsAt - 2 * 24 * 60 * MINUTE, startsAt - 2 * 24 * 60 * MINUTE);
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Fills the review form: every criterion with `rating`, the three questions, punctuality and the text. */
async function fillReview(page: Page, rating: number, text: string) {
  const form = page.getByTestId("review-form");
  for (const group of await form.locator("fieldset[data-group^='ratings.']").all()) await group.locator(`input[value="${rating}"]`).check();
  await form.locator("fieldset[data-group='would_you_recommend_this_user'] input[value='yes']").check();
  await form.locator("fieldset[data-group='profile_match_reality'] input[value='yes']").check();
  await form.locator("fieldset[data-group='would_you_come_again'] input[value='no']").check();
  await form.locator("fieldset[data-group='punctuality'] input[value='on_time']").check();
  await form.getByLabel("Deine Bewertung in Worten").fill(text);
}

test("both members review, the reviews appear together on both profiles, the escort answers", async ({
  page,
  browser,
  request,
  clientIp,
}) => {
  const client = await listedClient(request, clientIp, 1);
  // Hannover's third nearest: no other test takes her (fixtures.ts seededEscortNear).
  const escort = await seededEscortNear(request, clientIp, 52.3759, 9.732, 2);
  const dateId = insertAcceptedDate(client, escort, 60);

  await logIn(page, client, SIGN_UP_PASSWORD);
  await page.goto(`/de/dating/reviews/add/${dateId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("bewerten");
  // A review without choices: every group names its error, the typed text stays.
  await page.getByLabel("Deine Bewertung in Worten").fill("Sehr angenehmer Abend, alles wie verabredet.");
  await page.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(page.locator("[data-field-error='ratings.communication']")).toHaveText("Bitte wähle eine Bewertung von 1 bis 5.");
  await expect(page.locator("[data-field-error='punctuality']")).toHaveText("Bitte wähle, wie pünktlich das Date war.");
  await expect(page.getByLabel("Deine Bewertung in Worten")).toHaveValue("Sehr angenehmer Abend, alles wie verabredet.");
  // The ProstSchG filter refuses at the text.
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

  // Blind: nothing on the escort's profile yet.
  await page.goto(`/de/p/${escort}/reviews`);
  await expect(page.getByTestId("tab-reviews")).toContainText("noch keine Bewertungen");

  const escortPage = await noJsMemberPage(browser, `${clientIp.split(".").slice(0, 3).join(".")}.250`, escort, DEMO.password);
  await escortPage.goto(`/de/dating/reviews/detail/${dateId}`);
  await expect(escortPage.getByTestId("review-blind")).toContainText("hat bereits bewertet");
  await expect(escortPage.getByText("Sehr angenehmer Abend")).toHaveCount(0);
  await escortPage.getByRole("link", { name: "Jetzt bewerten" }).click();
  await fillReview(escortPage, 4, "Freundlicher Gast, hat sich an alle Absprachen gehalten.");
  await escortPage.getByRole("button", { name: "Bewertung abschicken" }).click();
  await expect(escortPage.getByTestId("review-done")).toBeVisible();
  // Both published at once: the escort now reads the client's review.
  await expect(escortPage.getByTestId("review-theirs")).toContainText("Sehr angenehmer Abend");

  // The reviews appear on both profiles, with the averages.
  await page.goto(`/de/p/${escort}/reviews`);
  await expect(page.getByTestId("reviews-summary")).toContainText("1 Bewertung");
  await expect(page.getByTestId("reviews-summary")).toContainText("Durchschnitt 5,0 von 5");
  await expect(page.getByTestId("tab-reviews")).toContainText("Sehr angenehmer Abend");
  await page.goto(`/de/p/${client}/reviews`);
  await expect(page.getByTestId("reviews-summary")).toContainText("Durchschnitt 4,0 von 5");
  await expect(page.getByTestId("tab-reviews")).toContainText("Freundlicher Gast");

  // The escort answers the client's review once.
  await escortPage.goto(`/de/dating/reviews/detail/${dateId}`);
  await escortPage.getByLabel("Deine Antwort auf die Bewertung (einmal möglich)").fill("Danke dir, es war ein schöner Abend!");
  await escortPage.getByRole("button", { name: "Antwort veröffentlichen" }).click();
  await expect(escortPage.getByTestId("review-done")).toHaveText("Deine Antwort ist veröffentlicht.");
  await expect(escortPage.getByTestId("comment-form")).toHaveCount(0);
  await page.goto(`/de/p/${escort}/reviews`);
  await expect(page.getByTestId("review-comment")).toHaveText("Danke dir, es war ein schöner Abend!");
  await escortPage.context().close();
});

test("a member who was not on the date gets a 404, and day 8 offers no form", async ({ page, request, clientIp }) => {
  const client = await listedClient(request, clientIp, 1);
  const other = await listedClient(request, clientIp, 1);
  const escort = await seededEscortNear(request, clientIp, 52.3759, 9.732, 2);
  const recent = insertAcceptedDate(client, escort, 30);
  const old = insertAcceptedDate(client, escort, 7 * 24 * 60 + 1);

  await logIn(page, other, SIGN_UP_PASSWORD);
  for (const path of [`add/${recent}`, `detail/${recent}`]) {
    expect((await page.goto(`/de/dating/reviews/${path}`))?.status()).toBe(404);
  }

  await page.context().clearCookies();
  await logIn(page, client, SIGN_UP_PASSWORD);
  await page.goto(`/de/dating/reviews/add/${old}`);
  await expect(page.getByTestId("review-closed")).toBeVisible();
  await expect(page.getByTestId("review-form")).toHaveCount(0);
  await expect(page.getByText("Das Bewertungsfenster ist seit")).toBeVisible();
});
