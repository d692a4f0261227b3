import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

/**
 * user/search_visibility and user/tours (issue 10, ADR 028) without JavaScript. Each test edits a seeded
 * escort no other test reads, from the far end of a search around Dresden sorted by distance: both take
 * their escort out of that list for a while, which leaves the nearer ones other tests take where they are.
 */
async function escortsNear(request: APIRequestContext, clientIp: string, lat: number, lon: number): Promise<string[]> {
  const response = await request.post("/api/v2/search/user-and-business", {
    headers: { "x-forwarded-for": clientIp },
    data: { filterquery: { user_type: "escort", location: { lat, lon, radius: 10 } }, sort: "distance", page_no: 1 },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Array<{ username: string }> }).data.map((hit) => hit.username);
}

const DRESDEN = { lat: 51.0504, lon: 13.7373 };

test("search visibility: an escort hides her profile from search and shows it again; invisible browsing is for plus members", async ({
  page,
  request,
  clientIp,
}) => {
  const before = await escortsNear(request, clientIp, DRESDEN.lat, DRESDEN.lon);
  expect(before.length).toBeGreaterThan(1);
  const username = before.at(-1)!;
  await logIn(page, username, DEMO.password);
  await page.goto("/de/user");
  await page.getByRole("link", { name: /Sichtbarkeit in der Suche/ }).click();
  await expect(page).toHaveURL(/\/de\/user\/search_visibility$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sichtbarkeit in der Suche");
  await expect(page.getByTestId("search-visibility-state")).toHaveText(/erscheint in Suche/);
  // Not a plus member: the switch is there, disabled, with the reason.
  await expect(page.getByLabel("Unsichtbar surfen")).toBeDisabled();
  await expect(page.locator("#field-invisible_browsing-hint")).toHaveText(/nur mit Plus-Mitgliedschaft/);

  await page.getByLabel("In der Suche verbergen").check();
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/user\/search_visibility\?saved=1$/);
  await expect(page.getByTestId("settings-notice")).toHaveText("Deine Auswahl ist gespeichert.");
  await expect(page.getByTestId("search-visibility-state")).toHaveText(/verborgen/);
  await expect(page.getByLabel("In der Suche verbergen")).toBeChecked();
  expect(await escortsNear(request, clientIp, DRESDEN.lat, DRESDEN.lon)).not.toContain(username);
  // Her page stays reachable at its address.
  expect((await page.goto(`/de/p/${username}`))?.status()).toBe(200);

  await page.goto("/de/user/search_visibility");
  await page.getByLabel("In der Suche verbergen").uncheck();
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page.getByTestId("search-visibility-state")).toHaveText(/erscheint in Suche/);
  expect(await escortsNear(request, clientIp, DRESDEN.lat, DRESDEN.lon)).toContain(username);
});

/** Today and a later calendar day in the site's time zone (tours are calendar days there). */
function berlinDay(offsetDays: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

test("tours: an escort announces a tour from the dashboard, sees it active on her profile, cancels and removes it", async ({
  page,
  request,
  clientIp,
}) => {
  const near = await escortsNear(request, clientIp, DRESDEN.lat, DRESDEN.lon);
  expect(near.length).toBeGreaterThan(2);
  const username = near.at(-2)!;
  await logIn(page, username, DEMO.password);
  await page.goto("/de/my_dashboard");
  await page.getByRole("link", { name: "Touren ankündigen und verwalten" }).click();
  await expect(page).toHaveURL(/\/de\/user\/tours$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Touren");
  await expect(page.getByTestId("tours-empty")).toBeVisible();

  // An unknown city is reported at its field; the dates are kept.
  await page.getByLabel("Stadt *").fill("Atlantis Nirgendwo");
  await page.getByLabel("Von *", { exact: true }).fill(berlinDay(0));
  await page.getByLabel("Bis *", { exact: true }).fill(berlinDay(2));
  await page.getByRole("button", { name: "Tour ankündigen" }).click();
  await expect(page.locator('[data-field-error="city"]')).toHaveText(/Diesen Ort kennen wir nicht/);
  await expect(page.getByLabel("Von *", { exact: true })).toHaveValue(berlinDay(0));
  // The end before the start: at the end date, the city kept.
  await page.getByLabel("Stadt *").fill("Rostock");
  await page.getByLabel("Bis *", { exact: true }).fill(berlinDay(-1));
  await page.getByRole("button", { name: "Tour ankündigen" }).click();
  await expect(page.locator('[data-field-error="date_to"]')).toHaveText("Das Ende darf nicht vor dem Beginn liegen.");
  await expect(page.getByLabel("Stadt *")).toHaveValue("Rostock");

  await page.getByLabel("Bis *", { exact: true }).fill(berlinDay(2));
  await page.getByRole("button", { name: "Tour ankündigen" }).click();
  await expect(page).toHaveURL(/\/de\/user\/tours\?saved=created$/);
  await expect(page.getByTestId("settings-notice")).toHaveText("Deine Tour ist angekündigt.");
  const tour = page.getByTestId("tour");
  await expect(tour).toHaveCount(1);
  await expect(tour).toContainText("Rostock");
  await expect(tour.getByTestId("tour-status")).toHaveText("Läuft");

  // Her profile shows it; Rostock's search lists her as on tour.
  await page.goto(`/de/p/${username}`);
  await expect(page.getByTestId("profile-tours")).toContainText("Jetzt in Rostock");
  const onTour = await request.post("/api/v2/search/user-and-business", {
    headers: { "x-forwarded-for": clientIp },
    data: { filterquery: { user_type: "escort", location: { lat: 54.0887, lon: 12.1405, radius: 10 }, only_show_type: ["on_tour"] } },
  });
  expect(((await onTour.json()) as { data: Array<{ username: string }> }).data.map((hit) => hit.username)).toContain(username);

  await page.goto("/de/user/tours");
  await page.getByRole("button", { name: "Absagen" }).click();
  await expect(page.getByTestId("settings-notice")).toHaveText("Die Tour ist abgesagt.");
  await expect(page.getByTestId("tour-status")).toHaveText("Abgesagt");
  await page.getByRole("button", { name: "Entfernen" }).click();
  await expect(page.getByTestId("settings-notice")).toHaveText("Die Tour ist entfernt.");
  await expect(page.getByTestId("tours-empty")).toBeVisible();
  // The way back leads to the settings, which link the tours too.
  await page.getByRole("link", { name: "← Alle Einstellungen" }).click();
  await page.getByTestId("settings-tours").getByRole("link").click();
  await expect(page).toHaveURL(/\/de\/user\/tours$/);
  // Clients do not tour: no page, no link.
  await page.context().clearCookies();
  await logIn(page, DEMO.client, DEMO.password);
  expect((await page.goto("/de/user/tours"))?.status()).toBe(404);
  await page.goto("/de/user");
  await expect(page.getByTestId("settings-tours")).toHaveCount(0);
});
