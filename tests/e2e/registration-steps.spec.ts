/**
 * The registration steps after sign-up, as a person with JavaScript off:
 * photo upload (multipart form), profile (with the city), appearance, services,
 * availability, welcome page; field errors translated at their fields with
 * the other input kept; later steps redirect to the next unfinished one.
 * Fixtures: tests/fixtures/photo-*.jpg are deterministic noise JPEGs made
 * with sharp (400x500 px and, too narrow, 150x600 px; both above 50,000 bytes).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { acceptPhotosOf, expect, logIn, SIGN_UP_PASSWORD as PASSWORD, signUp, signUpClub, test } from "./fixtures";

const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));

const NARROW = fileURLToPath(new URL("../fixtures/photo-narrow-150x600.jpg", import.meta.url));

test("an escort walks photo, profile, appearance, services and availability to the welcome page", async ({ page, request, clientIp }) => {
  const username = await signUp(request, clientIp, "escort", 2);
  await logIn(page, username, PASSWORD);
  // With JavaScript the login posts by fetch: wait until it has taken us away from the login page.
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));

  // A later step sends the user to the next unfinished one.
  await page.goto("/de/join/user/appearance");
  await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dein Profilfoto");

  // Photo: too narrow first, then a good one.
  await page.locator('input[type="file"][name="files"]').setInputFiles(NARROW);
  await page.getByRole("button", { name: "Hochladen und weiter" }).click();
  await expect(page.locator('[data-field-error="files"]')).toHaveText(
    "„photo-narrow-150x600.jpg“: Das hochgeladene Bild ist zu klein (mindestens 200 Pixel breit).",
  );
  await page.locator('input[type="file"][name="files"]').setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Hochladen und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/profile$/);

  // Profile: ethnicity without its consent (ADR 023) is refused at the consent; the rest stays as typed.
  await page.locator('input[name="relationship_status"][value="1"]').check();
  await page.locator('input[name="race_type"][value="1"]').check();
  await page.getByLabel("Beruf").fill("Tänzerin");
  await page.getByLabel("Wohnort oder Arbeitsort").fill("Qqqxyzhausen");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="special_data_consent"]')).toContainText("brauchen wir deine Einwilligung");
  await expect(page.locator("[data-form-errors]")).toContainText("Bitte korrigiere alle markierten Felder");
  await expect(page.getByLabel("Beruf")).toHaveValue("Tänzerin");
  await expect(page.locator('input[name="relationship_status"][value="1"]')).toBeChecked();
  await expect(page.locator('input[name="race_type"][value="1"]')).toBeChecked();
  await page.locator('input[name="sexuality"][value="3"]').check();
  await page.getByLabel(/Ich willige ausdrücklich ein/).check();
  // A city the geo tables do not know: the server's error at the field, the rest kept.
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="city"]')).toHaveText(
    "Diesen Ort kennen wir nicht. Bitte prüfe die Schreibweise oder wähle einen Ort aus den Vorschlägen.",
  );
  await expect(page.getByLabel("Wohnort oder Arbeitsort")).toHaveValue("Qqqxyzhausen");
  await expect(page.getByLabel("Beruf")).toHaveValue("Tänzerin");
  await expect(page.locator('input[name="sexuality"][value="3"]')).toBeChecked();
  // The typed name is enough without JavaScript (folded umlauts too).
  await page.getByLabel("Wohnort oder Arbeitsort").fill("hamburg");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/appearance$/);

  // Appearance: a range error with its bounds; women get no penis fields.
  await expect(page.locator('input[name="penis_length"]')).toHaveCount(0);
  await page.getByLabel("Größe (cm)").fill("144");
  await page.getByLabel("Gewicht (kg)").fill("58");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="height"]')).toHaveText("Nur Werte von 145 bis 230 möglich.");
  await expect(page.getByLabel("Gewicht (kg)")).toHaveValue("58");
  await page.getByLabel("Größe (cm)").fill("168");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/services$/);

  // Services: grouped services, a price out of range, then fixed.
  await expect(page.locator('fieldset[data-group="escort_service"]')).toContainText("Fetisch & BDSM");
  await page.locator('input[name="escort_service"][value="101"]').check();
  await page.locator('input[name="meeting_option"][value="1"]').check();
  await page.locator('input[name="prices.price_60_mins"]').fill("0");
  await page.locator('input[name="extras[0].name"]').fill("Dessous nach Wunsch");
  await page.locator('input[name="extras[0].price"]').fill("30");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="prices.price_60_mins"]')).toHaveText("Nur Werte von 1 bis 100000 möglich.");
  await expect(page.locator('input[name="extras[0].name"]')).toHaveValue("Dessous nach Wunsch");
  await expect(page.locator('input[name="escort_service"][value="101"]')).toBeChecked();
  await page.locator('input[name="prices.price_60_mins"]').fill("200");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/availability$/);

  // Availability: an end before the start without "after midnight", then fixed.
  await page.locator('select[name="schedule[0].day"]').selectOption("5");
  await page.locator('input[name="schedule[0].time_from"]').fill("22:00");
  await page.locator('input[name="schedule[0].time_to"]').fill("03:00");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="schedule[0].time_to"]')).toContainText("Endet nach Mitternacht");
  await page.locator('input[name="schedule[0].is_over_day"]').check();
  await page.getByLabel("Jetzt verfügbar (für die nächsten 3 Stunden)").check();
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/completed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen bei Velora!");
  await expect(page.getByRole("link", { name: "Vorteile ansehen" })).toHaveAttribute("href", "/de/join/benefits");

  // Done steps may be revisited, with the saved values.
  await page.goto("/de/join/user/services");
  await expect(page.locator('input[name="prices.price_60_mins"]')).toHaveValue("200");
  await page.goto("/de/join/user/profile");
  await expect(page.getByLabel("Wohnort oder Arbeitsort")).toHaveValue("Hamburg");
  await expect(page.locator('input[name="city_key"]')).toHaveValue("de-hamburg");
  await page.goto("/de/join/user/photo");
  // A <picture> of sized variants under a random key (ADR 017, 018).
  const avatar = page.locator("picture img[src^='/media/']").first();
  const src = await avatar.getAttribute("src");
  expect(src).toMatch(/^\/media\/[0-9a-f]{32}\/400\.jpg$/);
  expect(await avatar.getAttribute("srcset")).toMatch(/\/160\.jpg 160w, .+\/320\.jpg 320w, .+\/400\.jpg 400w$/);
  await expect(page.locator("picture source[type='image/avif']").first()).toHaveAttribute("sizes", "96px");
  // The photo waits for the back office (ADR 030): guests get nothing until a team member accepts it.
  expect((await request.get(src!, { headers: { "x-forwarded-for": clientIp } })).status()).toBe(404);
  await acceptPhotosOf(request, clientIp, username);
  // Registration is finished and the photo accepted, so the public avatar is listed: guests get it, and shared caches may keep it.
  const guest = await request.get(src!, { headers: { "x-forwarded-for": clientIp } });
  expect(guest.status()).toBe(200);
  expect(guest.headers()["content-type"]).toBe("image/jpeg");
  expect(guest.headers()["cache-control"]).toBe("public, max-age=31536000, immutable, s-maxage=3600");
  expect((await request.get(src!.replace("/400.jpg", "/400.avif"))).headers()["content-type"]).toBe("image/avif");
  // Sequential ids are not served.
  expect((await request.get("/media/1")).status()).toBe(404);
});

test("a photo over 20,000,000 bytes gets 413 and the translated error in the form, without JavaScript", async ({
  page,
  request,
  clientIp,
}, testInfo) => {
  const username = await signUp(request, clientIp, "escort", 2);
  await logIn(page, username, PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/join/user/photo");
  const big = testInfo.outputPath("big.jpg");
  writeFileSync(big, Buffer.concat([readFileSync(PHOTO), Buffer.alloc(21_000_000, 0x20)]));
  await page.locator('input[type="file"][name="files"]').setInputFiles(big);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/de/join/user/photo")),
    page.getByRole("button", { name: "Hochladen und weiter" }).click(),
  ]);
  expect(response.status()).toBe(413);
  await expect(page.locator('[data-field-error="files"]')).toHaveText("„big.jpg“: Die Datei ist zu groß (höchstens 20.000.000 Bytes).");
  await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
  await page.screenshot({ path: testInfo.outputPath("photo-too-large-390.png"), fullPage: true });
});

test("a client skips services and availability; unknown steps are 404", async ({ page, request, clientIp }) => {
  // Guests go to login and come back.
  const guest = await request.get("/de/join/user/profile", { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toBe(`/de/login?r=${encodeURIComponent("/de/join/user/profile")}`);
  const username = await signUp(request, clientIp, "client", 1);
  await logIn(page, username, PASSWORD);
  // With JavaScript the login posts by fetch: wait until it has taken us away from the login page.
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/join/user/services");
  await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
  const missing = await page.goto("/de/join/user/nonsense");
  expect(missing?.status()).toBe(404);
  // Business steps are not for individuals.
  await page.goto("/de/join/business/escorts");
  await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
});

test("a business walks services, opening hours, description, photo and escorts", async ({ page, request, clientIp }) => {
  const { username } = await signUpClub(request, clientIp, "sb", "Club Abendrot");
  await logIn(page, username, PASSWORD);
  // With JavaScript the login posts by fetch: wait until it has taken us away from the login page.
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));

  await page.goto("/de/join/business/escorts");
  await expect(page).toHaveURL(/\/de\/join\/business\/services$/);
  await page.locator('input[name="company_service"][value="3"]').check();
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/business\/schedule$/);
  await page.locator('select[name="schedule[0].day"]').selectOption("6");
  await page.locator('input[name="schedule[0].time_from"]').fill("20:00");
  await page.locator('input[name="schedule[0].time_to"]').fill("05:00");
  await page.locator('input[name="schedule[0].is_over_day"]').check();
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/business\/description$/);
  await page.getByLabel("Beschreibung").fill("Zu kurz.");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="description"]')).toHaveText("Mindestens 140 Zeichen.");
  await expect(page.getByLabel("Beschreibung")).toHaveValue("Zu kurz.");
  await page
    .getByLabel("Beschreibung")
    .fill(
      "Unser Club in Hamburg-Altona empfängt Gäste in ruhiger Atmosphäre mit Bar, Sauna und Themenzimmern. Diskret, gepflegt und mit freundlichem Team.",
    );
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/business\/photo$/);
  await page.locator('input[type="file"][name="files"]').setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Hochladen und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/business\/escorts$/);
  await page.getByLabel("Benutzername 1").fill("niemand_hier_42");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="usernames[0]"]')).toHaveText("Unter diesem Benutzernamen gibt es kein Escort-Profil.");
  await page.getByLabel("Benutzername 1").fill("demo_escort");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/business\/completed$/);
  await expect(page.getByRole("link", { name: "Vorteile ansehen" })).toHaveAttribute("href", "/de/join/business-benefits");
});

test("the photo upload, a field error, the city and a decimal comma work with and without JavaScript @js", async ({
  page,
  request,
  clientIp,
  javaScriptEnabled,
}) => {
  const username = await signUp(request, clientIp, "escort", 1);
  await logIn(page, username, PASSWORD);
  // With JavaScript the login posts by fetch: wait until it has taken us away from the login page.
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/join/user/photo");
  await page.locator('input[type="file"][name="files"]').setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Hochladen und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/profile$/);
  await page.locator('input[name="relationship_status"][value="2"]').check();
  await page.locator('input[name="race_type"][value="3"]').check();
  const city = page.getByLabel("Wohnort oder Arbeitsort");
  if (javaScriptEnabled) {
    // The combobox suggests; picking one pins its key.
    await city.pressSequentially("Münch");
    await page.getByRole("option", { name: "München, Bayern" }).click();
    await expect(page.locator('input[name="city_key"]')).toHaveValue("de-muenchen");
  } else {
    await city.fill("München");
  }
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page.locator('[data-field-error="special_data_consent"]')).toContainText("brauchen wir deine Einwilligung");
  await expect(page.locator('input[name="race_type"][value="3"]')).toBeChecked();
  await expect(city).toHaveValue("München");
  await page.locator('input[name="sexuality"][value="1"]').check();
  await page.getByLabel(/Ich willige ausdrücklich ein/).check();
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/appearance$/);
  // Shown again with the stored city.
  await page.goto("/de/join/user/profile");
  await expect(city).toHaveValue("München");
  await expect(page.locator('input[name="city_key"]')).toHaveValue("de-muenchen");
  await page.goto("/de/join/user/appearance");
  // Men see the penis fields; a decimal comma is fine.
  await page.getByLabel("Penislänge (cm)").fill("17,5");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/services$/);
});
