/**
 * Moderation before publication (ADR 030), with JavaScript off: a club's new photo and description wait;
 * the team member signs in, accepts the photo and rejects the description with a reason in the back
 * office; the public then sees the photo, and the owner reads the refusal and its reason on their settings
 * page. Members and guests get a 404 for the back office.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, finishClubRegistration, logIn, SIGN_UP_PASSWORD as PASSWORD, signUpClub, test } from "./fixtures";
const TEAM = { username: "demo_team", password: "demo-pass-2026" };

/** A club that finished registration through the API, with a photo and a description waiting. */
async function clubWithWaitingItems(request: APIRequestContext, clientIp: string) {
  const { username, auth } = await signUpClub(request, clientIp, "mod", "Club Abendstern");
  await finishClubRegistration(
    request,
    auth,
    "Unser Club in Hamburg-Altona empfängt Gäste in ruhiger Atmosphäre mit Bar, Sauna und Themenzimmern. Ruf uns an unter 0170 1234567, wir freuen uns auf dich!",
  );
  return username;
}

test("a team member accepts a photo and rejects a text with a reason; the owner and the public see the outcome", async ({
  page,
  request,
  clientIp,
  browser,
}) => {
  const owner = await clubWithWaitingItems(request, clientIp);
  const publicPhotos = async () => {
    const guest = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    const guestPage = await guest.newPage();
    const response = await guestPage.goto(`/de/p/${owner}`);
    expect(response?.status()).toBe(200);
    const count = await guestPage.locator('img[src*="/media/"]').count();
    await guest.close();
    return count;
  };
  // Waiting: the public sees the placeholder, not the photo.
  expect(await publicPhotos()).toBe(0);

  await logIn(page, TEAM.username, TEAM.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto(`/de/backoffice?owner=${owner}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freigaben");
  const items = page.getByTestId("queue-item");
  await expect(items).toHaveCount(2);
  const photo = items.filter({ has: page.getByRole("heading", { name: "Foto" }) });
  const description = items.filter({ has: page.getByRole("heading", { name: "Text: Beschreibung" }) });
  await expect(photo.getByRole("img", { name: `Neues Foto von ${owner}` })).toBeVisible();
  await expect(description.locator("blockquote")).toContainText("0170 1234567");

  await photo.getByRole("button", { name: "Freigeben" }).click();
  await expect(page.getByTestId("backoffice-notice")).toHaveText("Freigegeben. Das Mitglied ist per E-Mail informiert.");
  await expect(items).toHaveCount(1);

  // Rejecting needs a reason: the error stands at the select, the item stays.
  await description.getByRole("button", { name: "Ablehnen" }).click();
  await expect(description.getByLabel("Grund der Ablehnung")).toHaveAttribute("aria-invalid", "true");
  await expect(description).toContainText("Bitte wähle einen Grund aus der Liste.");
  await description.getByLabel("Grund der Ablehnung").selectOption("contact_details");
  await description.getByRole("button", { name: "Ablehnen" }).click();
  await expect(page.getByTestId("backoffice-notice")).toHaveText("Abgelehnt. Das Mitglied ist per E-Mail informiert, mit dem Grund.");
  await expect(page.getByTestId("queue-empty")).toHaveText(`Von ${owner} wartet nichts auf eine Prüfung.`);

  // Guest pages may be served from the host's micro-cache for a few seconds.
  await expect.poll(publicPhotos, { timeout: 20_000, intervals: [2_000] }).toBeGreaterThan(0);

  // The owner: the refusal and its reason on the description page; the back office is a 404.
  await page.context().clearCookies();
  await logIn(page, owner, PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/user/status_description");
  await expect(page.getByTestId("text-reviews")).toContainText(
    "Beschreibung: nicht freigegeben. Grund: Kontaktdaten (Telefon, Adresse, Links). Andere sehen weiter die bisherige Fassung.",
  );
  const refused = await page.goto("/de/backoffice");
  expect(refused?.status()).toBe(404);
});

test("guests and members get a 404 for the back office", async ({ page }) => {
  expect((await page.goto("/de/backoffice"))?.status()).toBe(404);
  await logIn(page, "demo_escort", "demo-pass-2026");
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  expect((await page.goto("/de/backoffice"))?.status()).toBe(404);
});
