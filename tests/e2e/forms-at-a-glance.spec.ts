/**
 * Issue 25 items 5, 8, 10 and 11, on a phone (390 px) with JavaScript off unless a test is @js:
 * - after a refused post (the review form, a settings form, the sign-up step) the first screen shows the error
 *   summary, and each of its links points at an anchor that exists on the page, next to its field;
 * - every checkbox and radio of the search form and the date request form is a target of at least 44 × 44 px with
 *   the wizard's large box; the signed-in header's sections are never cut off;
 * - the gallery's hint names the photo limits the API enforces, and a refused photo's error names its file;
 * - the home page's quick search suggests cities with JavaScript, as the search page does.
 */
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

const NARROW = fileURLToPath(new URL("../fixtures/photo-narrow-150x600.jpg", import.meta.url));
const SHOTS = "test-results/shots";

/**
 * The summary: on the first screen, the number of refused fields in its heading, links to anchors in error lines that
 * show a message, and every message an error line shows (fields with the same message share a line, "6-mal").
 */
async function expectSummaryAtTop(page: Page) {
  const summary = page.locator("[data-error-summary]");
  await expect(summary).toBeVisible();
  const lines = page.locator("[data-field-error]").filter({ hasText: /\S/ });
  const heading = (await summary.getByRole("heading", { level: 2 }).textContent()) ?? "";
  const count = Number(/\d+/.exec(heading)?.[0]);
  expect(heading).toBe(`Bitte prüfe ${count} ${count === 1 ? "Angabe" : "Angaben"}`);
  expect(count).toBeGreaterThanOrEqual(await lines.count());
  const viewport = page.viewportSize()!;
  const box = (await summary.getByRole("heading", { level: 2 }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const hrefs = await summary.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href).toMatch(/^#error-/);
    // The anchor sits in the field's error line, which names the same field.
    const anchor = page.locator(`[id="${href.slice(1)}"]`);
    await expect(anchor, href).toHaveCount(1);
    await expect(anchor.locator("xpath=..")).toHaveAttribute("data-field-error", /.+/);
    await expect(anchor.locator("xpath=..")).toHaveText(/\S/);
  }
  const said = (await summary.innerText()).replace(/\s+/g, " ");
  for (const line of await lines.all()) expect(said).toContain(((await line.textContent()) ?? "").trim().replace(/\s+/g, " "));
  return hrefs;
}

test("the review form: a refused post opens with the summary, whose links lead to the groups", async ({ page }) => {
  await logIn(page, DEMO.client, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/my_date?stage=needs_review");
  await page.getByTestId("date-entry").first().getByRole("link").first().click();
  const href = await page.getByTestId("date-review-link").getAttribute("href");
  expect(href).toMatch(/\/de\/dating\/reviews\/add\/\d+$/);
  await page.goto(href!);
  // Before any post: no summary.
  await expect(page.locator("[data-error-summary]")).toHaveCount(0);
  await page.getByTestId("review-form").getByRole("button").last().click();
  const hrefs = await expectSummaryAtTop(page);
  expect(hrefs.length).toBeGreaterThan(3);
  expect(hrefs).toContain("#error-punctuality");
  // A missing text says its bounds (it said "{{min}} bis {{max}}").
  await expect(page.locator('[data-field-error="text"]')).toHaveText("Bitte schreibe 20 bis 2000 Zeichen.");
  await page.screenshot({ path: `${SHOTS}/review-refused-390.png` });
  // A link jumps to its group: the group's legend and its error are then on the screen.
  await page.locator('[data-error-summary] a[href="#error-punctuality"]').click();
  await expect(page).toHaveURL(/#error-punctuality$/);
  await expect(page.locator('[data-field-error="punctuality"]')).toBeInViewport();
  await expect(page.locator('[data-group="punctuality"] legend')).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/review-jump-390.png` });
});

test("a settings form: a reversed age range opens with the summary linking to the age field", async ({ page }) => {
  await logIn(page, DEMO.client, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/user/first_contact_filter_and_blocklist");
  const filter = page.locator("#filter-form");
  await filter.getByLabel("Von").fill("40");
  await filter.getByLabel("Bis").fill("30");
  await filter.getByRole("button", { name: "Speichern" }).click();
  expect(await expectSummaryAtTop(page)).toEqual(["#error-age_max"]);
  await expect(page.locator("[data-error-summary] h2")).toHaveText("Bitte prüfe 1 Angabe");
  await expect(page.locator("[data-error-summary]")).toContainText("Das Höchstalter darf nicht unter dem Mindestalter liegen.");
  await page.screenshot({ path: `${SHOTS}/settings-refused-390.png` });
});

test("the sign-up step: an empty post opens with the summary, one link per field", async ({ page }) => {
  await page.goto("/de/join/user/sign-up?user_type=client");
  await page.locator("main form").getByRole("button").last().click();
  const hrefs = await expectSummaryAtTop(page);
  // Six fields left empty are one line ("Bitte fülle dieses Feld aus. (6‑mal)") to the first of them.
  expect(hrefs).toEqual(expect.arrayContaining(["#error-user_type", "#error-username", "#error-accept_terms"]));
  await expect(page.locator("[data-error-summary]")).toContainText("Bitte fülle dieses Feld aus. (6‑mal)");
  await page.screenshot({ path: `${SHOTS}/sign-up-refused-390.png` });
});

/** Every checkbox and radio in `scope`: its label a 44 × 44 px target, its box the wizard's 24 px. */
async function expectLargeControls(scope: Locator, least: number) {
  const controls = scope.locator('input[type="checkbox"], input[type="radio"]');
  const count = await controls.count();
  expect(count).toBeGreaterThanOrEqual(least);
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    const name = `${await control.getAttribute("name")}=${await control.getAttribute("value")}`;
    const label = control.locator("xpath=ancestor::label[1]");
    await expect(label, name).toHaveCount(1);
    const target = (await label.boundingBox())!;
    expect({ name, width: target.width >= 44, height: target.height >= 44 }).toEqual({ name, width: true, height: true });
    const box = (await control.boundingBox())!;
    expect({ name, box: box.width >= 24 && box.height >= 24 }).toEqual({ name, box: true });
  }
}

test("search filters: every checkbox and radio is a 44 px target with a large box", async ({ page }) => {
  await page.goto("/de/escorts");
  // Every disclosure open (native <details>), so every control has a size.
  await page.locator("details").evaluateAll((all) => all.forEach((details) => details.setAttribute("open", "")));
  await expectLargeControls(page.getByTestId("search-form"), 10);
  await page.locator('input[name="gender"]').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/search-filters-390.png` });
  await page.locator('input[name="hair_color"]').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/search-appearance-390.png` });
});

test("the date request form: its radios are 44 px targets with a large box", async ({ page }) => {
  await logIn(page, DEMO.client, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto(`/de/my_date/new/${DEMO.escort}`);
  await expectLargeControls(page.locator("main form").first(), 2);
  await page.screenshot({ path: `${SHOTS}/date-form-390.png`, fullPage: true });
});

test("the signed-in header: every section is shown whole at 390 px", async ({ page }) => {
  await logIn(page, DEMO.client, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/my_dashboard");
  const nav = page.locator("header nav").first();
  await expect(nav.getByTestId("nav-search")).toBeVisible();
  const { scrollWidth, clientWidth } = await nav.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const navBox = (await nav.boundingBox())!;
  for (const link of await nav.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
    const clipped = await link.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(clipped).toBe(false);
  }
  await expect(nav.getByTestId("nav-search")).toHaveText("Meine Suche");
  await page.screenshot({ path: `${SHOTS}/header-signed-in-390.png` });
});

test("the gallery names its limits, and a refused photo by its file", async ({ page, request, clientIp }) => {
  // Stuttgart, as the gallery's own test; a refused upload changes nothing.
  const username = await seededEscortNear(request, clientIp, 48.7758, 9.1829, -1);
  await logIn(page, username, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/user/media_gallery");
  await expect(page.locator("#field-files-hint")).toHaveText(
    "JPEG, PNG oder WebP, je Bild 50 kB bis 20 MB, mindestens 200 Pixel breit und höchstens 50 Megapixel, bis zu 16 Bilder auf einmal. Standortdaten (EXIF/GPS) entfernen wir immer.",
  );
  await page.locator('input[type="file"][name="files"]').setInputFiles(NARROW);
  await page.getByTestId("gallery-upload").click();
  await expect(page.locator('[data-field-error="files"]')).toHaveText(
    "„photo-narrow-150x600.jpg“: Das hochgeladene Bild ist zu klein (mindestens 200 Pixel breit).",
  );
  expect(await expectSummaryAtTop(page)).toEqual(["#error-files"]);
  await expect(page.locator("[data-error-summary]")).toContainText("„photo-narrow-150x600.jpg“: Das hochgeladene Bild ist zu klein");
  await page.screenshot({ path: `${SHOTS}/gallery-refused-390.png` });
  await page.locator("#field-files").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/gallery-hint-390.png` });
});

test("the home page's quick search suggests cities with JavaScript, and sends the picked one @js", async ({ page, javaScriptEnabled }) => {
  await page.goto("/de");
  const city = page.locator("#quick-search-city");
  if (!javaScriptEnabled) {
    // Without JavaScript: a plain field, no combobox.
    await expect(city).not.toHaveAttribute("role", "combobox");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/home-quick-search-390.png` });
    return;
  }
  await expect(city).toHaveAttribute("role", "combobox");
  await city.fill("");
  await city.pressSequentially("Hambu");
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  const hamburg = list
    .getByRole("option")
    .filter({ hasText: /^Hamburg/ })
    .first();
  await expect(hamburg).toBeVisible();
  await city.press("ArrowDown");
  await expect(city).toHaveAttribute("aria-activedescendant", /-option-0$/);
  await hamburg.dispatchEvent("mousedown");
  await expect(list).toBeHidden();
  await expect(city).toHaveValue("Hamburg");
  await page.getByTestId("quick-search").getByRole("button", { name: "Suchen" }).click();
  // The picked city goes by its key, as the search page's own combobox sends it; the search shows its name.
  await expect(page).toHaveURL(/\/de\/escorts\?(.*&)?city=de-hamburg(&|$)/);
  await expect(page.getByTestId("search-total")).toBeVisible();
  await expect(page.getByTestId("search-form").locator('input[name="city"]')).toHaveValue("Hamburg");
});
