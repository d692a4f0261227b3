import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

/**
 * Opens the folded filter form (item 18: on a phone results come first, the form waits behind a
 * "Filter" disclosure). On wide screens the form stands beside the results and has no toggle.
 */
async function openFilters(page: Page) {
  const filters = page.getByTestId("search-filters");
  const toggle = page.getByTestId("search-filters-toggle");
  if ((await filters.getAttribute("open")) === null && (await toggle.isVisible())) await toggle.click();
  await expect(page.getByTestId("search-form").getByRole("button", { name: "Suchen" })).toBeVisible();
}

/** Opens the "more filters" disclosure (weight, height, appearance, only-show types, countries) unless it is open. */
async function openMoreFilters(page: Page) {
  await openFilters(page);
  const more = page.getByTestId("more-filters");
  if ((await more.getAttribute("open")) === null) await more.locator("summary").first().click();
  await expect(more).toHaveAttribute("open", "");
}

test.describe("escort search", () => {
  test("filters by gender, age band, radius and price, and pages through results", async ({ page }) => {
    await page.goto("/de/escorts");
    await expect(page.getByTestId("search-tile")).toHaveCount(24);
    await page.getByTestId("next-page").click();
    await expect(page).toHaveURL(/\/de\/escorts\?page=2$/);
    await expect(page.getByTestId("search-tile").first()).toBeVisible();

    await page.goto("/de/escorts");
    await openFilters(page);
    const form = page.getByTestId("search-form");
    await form.getByLabel("Frau").check();
    await form.getByLabel("Alter").selectOption("26-35");
    await form.getByLabel("Umkreis").selectOption("50");
    await form.getByLabel("Preis pro Stunde").selectOption("100-150");
    await form.getByRole("button", { name: "Suchen" }).click();
    // The canonical URL keeps every filter (the city field was empty: Berlin).
    await expect(page).toHaveURL(/\/de\/escorts\?radius=50&gender=2&age=26-35&price=100-150$/);
    await expect(page.getByTestId("search-total")).toBeVisible();
    const tiles = page.getByTestId("search-tile");
    expect(await tiles.count()).toBeGreaterThan(0);
    for (const price of await page.getByTestId("tile-price").allTextContents()) {
      const euros = Number(price.replace(/[^\d]/g, ""));
      expect(euros).toBeGreaterThanOrEqual(100);
      expect(euros).toBeLessThanOrEqual(150);
    }
    await expect(form.getByLabel("Frau")).toBeChecked();
    await expect(form.getByLabel("Alter")).toHaveValue("26-35");
  });

  test("resets radii above the default for guests, also in the URL", async ({ page }) => {
    await page.goto("/de/escorts?radius=300");
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100$/);
    await page.goto("/de/escorts?radius=0&sort=no_such_sort");
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100$/);
  });

  test("forces the distance-ring sort into a member client's URL", async ({ page }) => {
    await logIn(page, "demo_member", "demo-pass-2026");
    await page.goto("/de/escorts?radius=300");
    await expect(page).toHaveURL(/\/de\/escorts\?radius=300&sort=top_ranking_distance_ring$/);
  });

  test("changing a filter searches at once with JavaScript, with the button without @js", async ({ page, javaScriptEnabled }) => {
    await page.goto("/de/escorts");
    await expect(page.getByTestId("search-tile")).toHaveCount(24);
    // Hydration waits for the translation file; only then does a change submit.
    if (javaScriptEnabled) await page.waitForLoadState("networkidle");
    const form = page.getByTestId("search-form");
    await openFilters(page);
    await form.getByLabel("Umkreis").selectOption("10");
    if (!javaScriptEnabled) await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?.*radius=10/);
    await expect(page.getByTestId("search-total")).toBeVisible();
  });
});

test.describe("search filters and actions", () => {
  test("sorts by price, shows facet counts and keeps the sort in the URL", async ({ page }) => {
    await page.goto("/de/escorts");
    const form = page.getByTestId("search-form");
    // Facet counts next to the bands and genders (compact numbers).
    await expect(form.getByLabel("Alter").locator("option", { hasText: "26-35" })).toHaveText(/^26-35 \(\d+(\.\d)?k?\)$/);
    await expect(form.getByLabel("Preis pro Stunde").locator("option", { hasText: "100-150" })).toHaveText(/\(\d+(\.\d)?k?\)$/);
    await expect(form.locator("label", { hasText: "Frau" })).toHaveText(/^Frau \(\d+(\.\d)?k?\)$/);
    await expect(page.getByTestId("trait-facets")).toContainText("Figur");
    await expect(page.getByTestId("search-total")).toHaveText(/^Gefundene Profile: \d+(\.\d)?k?$/);

    await openFilters(page);
    await form.getByLabel("Sortierung").selectOption("price_low_to_high");
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&sort=price_low_to_high$/);
    const prices = (await page.getByTestId("tile-price").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect(form.getByLabel("Sortierung")).toHaveValue("price_low_to_high");

    await page.getByTestId("action-reset_sort").click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100$/);
  });

  test("filters by weight and height ranges, hints at bad input, and resets each range", async ({ page }) => {
    await page.goto("/de/escorts");
    // Secondary filters start folded away (results come sooner on a phone).
    await expect(page.getByTestId("weight-range")).toBeHidden();
    await openMoreFilters(page);
    const weight = page.getByTestId("weight-range");
    await weight.getByLabel("von").fill("50");
    await weight.getByLabel("bis").fill("60");
    await page.getByTestId("height-range").getByLabel("von").fill("160");
    await page.getByTestId("search-form").getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&weight=50-60&height=160%2B$/);
    await expect(page.getByTestId("search-total")).toBeVisible();
    await expect(weight.getByLabel("von")).toHaveValue("50");

    await page.getByTestId("action-reset_weight").click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&height=160%2B$/);
    await page.getByTestId("action-reset_height").click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100$/);

    // Min above max: searched with the values swapped, and said so by the field.
    await openMoreFilters(page);
    await weight.getByLabel("von").fill("80");
    await weight.getByLabel("bis").fill("60");
    await page.getByTestId("search-form").getByRole("button", { name: "Suchen" }).click();
    await expect(weight.getByRole("alert")).toHaveText(
      "Der Mindestwert ist größer als der Höchstwert; wir suchen mit vertauschten Werten.",
    );
    await expect(page.getByTestId("search-total")).toBeVisible();

    // Text where a number belongs (a hand-made URL): a hint, never a 5xx.
    const response = await page.goto("/de/escorts?weight_min=abc&height_min=20");
    expect(response?.status()).toBe(200);
    await expect(weight.getByRole("alert")).toHaveText("Bitte gib ganze Zahlen ein.");
    await expect(page.getByTestId("height-range").getByRole("alert")).toHaveText("Bitte gib Werte zwischen 145 und 230 ein.");
  });

  test("only-show types, countries and a customized price per duration", async ({ page }) => {
    await page.goto("/de/escorts");
    const form = page.getByTestId("search-form");
    await openMoreFilters(page);
    await form.getByLabel("Verifiziert").check();
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&only_show_type=is_verified$/);
    await expect(form.getByLabel("Verifiziert")).toBeChecked();

    await openFilters(page);
    await page.getByTestId("action-switch_customized_price").click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&customized=1&only_show_type=is_verified$/);
    // A custom price is still to be typed: the filters stay open.
    await expect(page.getByTestId("search-filters")).toHaveAttribute("open", "");
    const price = page.getByTestId("price-range");
    await price.getByLabel("von").fill("100");
    await price.getByLabel("bis").fill("200");
    await form.locator("select[name=price_duration]").selectOption("30");
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&customized=1&price=100-200&price_duration=30&only_show_type=is_verified$/);
    await expect(form.locator("select[name=price_duration]")).toHaveValue("30");
    await openFilters(page);
    await page.getByTestId("action-switch_customized_price").click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&only_show_type=is_verified$/);
    await openFilters(page);
    await expect(form.getByLabel("Preis pro Stunde")).toBeVisible();

    // Country mode: no city, a country checked.
    await page.goto("/de/escorts");
    await openMoreFilters(page);
    await form.getByLabel("Deutschland").check();
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?country=DE&radius=100$/);
    await expect(page.getByTestId("search-tile").first()).toBeVisible();
  });

  test("location actions: a typed city, a position with radius, reset radius and position, reset all, search mode", async ({ page }) => {
    await page.goto("/de/escorts");
    await openFilters(page);
    const form = page.getByTestId("search-form");
    await form.getByLabel("Ort", { exact: true }).fill("Hamburg");
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?city=Hamburg&radius=100$/);
    await expect(form.getByLabel("Ort", { exact: true })).toHaveValue("Hamburg");
    const hamburg = await page.getByTestId("search-tile").first().textContent();
    expect(hamburg).toContain("Hamburg");

    await openFilters(page);
    await form.getByLabel("Ort", { exact: true }).fill("Xyzzy");
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByText("Den Ort „Xyzzy“ haben wir nicht gefunden.")).toBeVisible();

    // Update radius with lat/lon (what the location button sends with JavaScript).
    await page.goto("/de/escorts?lat=53.55&lon=9.99&radius=20&gender=2");
    await expect(page.getByTestId("search-position")).toContainText("Um deinen Standort");
    await openFilters(page);
    await form.getByLabel("Umkreis").selectOption("50");
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?lat=53\.55&lon=9\.99&radius=50&gender=2$/);
    await page.getByTestId("action-reset_radius_and_position").click();
    await expect(page).toHaveURL(/\/de\/escorts\?gender=2$/);
    await expect(form.getByLabel("Ort", { exact: true })).toHaveValue("");

    await page.goto("/de/escorts?city=de-hamburg&radius=20&gender=2&age=26-35&sort=distance");
    await page.getByTestId("switch-search-mode").click();
    await expect(page).toHaveURL(/\/de\/agenturen-clubs\?city=de-hamburg&radius=20$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenturen & Clubs");
    await page.getByTestId("switch-search-mode").click();
    await expect(page).toHaveURL(/\/de\/escorts\?city=de-hamburg&radius=20$/);

    await page.goto("/de/escorts?city=de-hamburg&radius=20&gender=2&age=26-35&sort=distance");
    await page.getByTestId("action-reset_all").click();
    await expect(page).toHaveURL(/\/de\/escorts$/);
    await expect(page.getByTestId("search-tile")).toHaveCount(24);
    // Reset all leaves a popular-filter path too.
    await page.goto("/de/escorts/neu?gender=2");
    await page.getByTestId("action-reset_all").click();
    await expect(page).toHaveURL(/\/de\/escorts$/);
  });

  test("/clients: guests get a log-in prompt without results; escorts search clients", async ({ page }) => {
    const response = await page.goto("/de/clients?gender=1");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("guest-clients-prompt")).toBeVisible();
    await expect(page.getByTestId("search-tile")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    // Guest pages of the search are cacheable and set no cookie.
    expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    expect(response?.headers()["set-cookie"]).toBeUndefined();
    // A made-up preset is a 404 for guests too, not another copy of the prompt.
    expect((await page.request.get("/de/clients/quatsch")).status()).toBe(404);
    await page.goto("/de/clients?gender=1");
    await page.getByRole("main").getByRole("link", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/de\/login\?r=%2Fde%2Fclients$/);

    await logIn(page, DEMO.escort, DEMO.password);
    await page.goto("/de/clients");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kunden finden");
    await expect(page.getByTestId("search-total")).toBeVisible();
    // Escorts' searches hide the price filters (spec section 6).
    await expect(page.getByTestId("search-form").getByLabel("Preis pro Stunde")).toHaveCount(0);
    // …and the appearance filters, also when typed into the URL (the canonical redirect drops them).
    await expect(page.getByTestId("appearance-filters")).toHaveCount(0);
    await page.goto("/de/clients?hair_color=blonde&cup=a_b&piercing=1&gender=1");
    await expect(page).toHaveURL(/\/de\/clients\?gender=1$/);
    await expect(page.getByTestId("appearance-filters")).toHaveCount(0);
  });

  test("appearance: hair colour, cup band and piercing narrow the results, reset appearance clears them @js", async ({
    page,
    javaScriptEnabled,
  }) => {
    const total = async () => {
      const text = (await page.getByTestId("search-total").textContent()) ?? "";
      const [, n = "", k] = /([\d.]+)(k?)$/.exec(text.trim()) ?? [];
      return Number(n) * (k ? 1000 : 1);
    };
    await page.goto("/de/escorts");
    if (javaScriptEnabled) await page.waitForLoadState("networkidle");
    const before = await total();
    expect(before).toBeGreaterThan(0);
    const section = page.getByTestId("appearance-filters");
    // A native <details>: closed until opened, with or without JavaScript.
    await expect(section.getByTestId("appearance-hair_color")).toBeHidden();
    await openMoreFilters(page);
    await section.getByText("Aussehen", { exact: true }).click();
    // Cup bands carry their counts.
    await expect(section.getByTestId("appearance-cup").locator("label", { hasText: "C–D" })).toHaveText(/^C–D \(\d+(\.\d)?k?\)$/);
    await section.getByTestId("appearance-hair_color").getByLabel("Blond", { exact: true }).check();
    // With JavaScript each change searches at once (and the section stays open with a filter set).
    if (javaScriptEnabled) await expect(page).toHaveURL(/hair_color=blonde/);
    await section.getByTestId("appearance-cup").getByLabel(/^C–D/).check();
    if (javaScriptEnabled) await expect(page).toHaveURL(/cup=c_d/);
    await section.getByTestId("appearance-piercing").getByLabel("Nein").check();
    if (!javaScriptEnabled) await page.getByTestId("search-form").getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100&cup=c_d&hair_color=blonde&piercing=0$/);
    // With JavaScript the URL changes before the new results render: poll the total, do not read it once.
    await expect.poll(total).toBeLessThan(before);
    expect(await total()).toBeGreaterThan(0);
    await expect(section.getByTestId("appearance-hair_color").getByLabel("Blond", { exact: true })).toBeChecked();
    await expect(section.getByTestId("appearance-cup").getByLabel(/^C–D/)).toBeChecked();
    await expect(section.getByTestId("appearance-piercing").getByLabel("Nein")).toBeChecked();

    await page.getByTestId("action-reset_appearance").click();
    await expect(page).toHaveURL(/\/de\/escorts\?radius=100$/);
    await expect.poll(total).toBe(before);
    await expect(page.getByTestId("action-reset_appearance")).toHaveCount(0);
    // Unknown keys are dropped by the canonical redirect, never an error.
    const response = await page.goto("/de/escorts?hair_color=purple&cup=z_z&hair_length=long&tattoo=2");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/de\/escorts\?hair_length=long$/);
  });

  test("city field: a suggestion picked with the keyboard @js, the typed name without JavaScript", async ({ page, javaScriptEnabled }) => {
    await page.goto("/de/escorts");
    const form = page.getByTestId("search-form");
    if (!javaScriptEnabled) {
      await expect(page.getByTestId("use-my-location")).toHaveCount(0);
      await openFilters(page);
      await form.getByLabel("Ort", { exact: true }).fill("hamburg");
      await form.getByRole("button", { name: "Suchen" }).click();
      await expect(page).toHaveURL(/\/de\/escorts\?city=hamburg&radius=100$/);
      await expect(form.getByLabel("Ort", { exact: true })).toHaveValue("Hamburg");
      return;
    }
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("use-my-location")).toBeVisible();
    const city = form.getByRole("combobox", { name: "Ort", exact: true });
    await city.pressSequentially("hambu");
    const listbox = page.getByRole("listbox", { name: "Ortsvorschläge" });
    await expect(listbox.getByRole("option").first()).toHaveText("Hamburg, Hamburg");
    await city.press("ArrowDown");
    await expect(city).toHaveAttribute("aria-activedescendant", /.+/);
    await city.press("Enter");
    await expect(page).toHaveURL(/\/de\/escorts\?city=de-hamburg&radius=100$/);
    await expect(city).toHaveValue("Hamburg");
    await expect(page.getByTestId("search-tile").first()).toContainText("Hamburg");

    // "Use my location": the browser's position replaces the city (update radius with lat/lon).
    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation({ latitude: 48.137154, longitude: 11.576124 });
    await page.getByTestId("use-my-location").click();
    await expect(page).toHaveURL(/\/de\/escorts\?lat=48\.13715&lon=11\.57612&radius=100$/);
    await expect(page.getByTestId("search-position")).toContainText("Um deinen Standort");
    await expect(page.getByTestId("search-tile").first()).toContainText("München");
  });
});

test("filter links bring the form's fields in line, also after client-side navigation @js", async ({ page, javaScriptEnabled }) => {
  await page.goto("/de/escorts?radius=20&weight=50-60&sort=distance");
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  const form = page.getByTestId("search-form");
  await expect(form.getByLabel("Sortierung")).toHaveValue("distance");
  await page.getByTestId("action-reset_sort").click();
  await expect(page).toHaveURL(/\/de\/escorts\?radius=20&weight=50-60$/);
  await expect(form.getByLabel("Sortierung")).toHaveValue("");
  await page.getByTestId("action-reset_weight").click();
  await expect(page).toHaveURL(/\/de\/escorts\?radius=20$/);
  await expect(page.getByTestId("weight-range").getByLabel("von")).toHaveValue("");
  await page.getByTestId("action-reset_radius_and_position").click();
  await expect(page).toHaveURL(/\/de\/escorts\??$/);
  await expect(form.getByLabel("Umkreis")).toHaveValue("100");
});

test("a range sent with Enter keeps the typed value, also for the next filter change @js", async ({ page, javaScriptEnabled }) => {
  await page.goto("/de/escorts?city=Hamburg&weight=50-70");
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  const from = page.getByTestId("weight-range").getByLabel("von");
  await expect(from).toHaveValue("50");
  await openFilters(page);
  await from.fill("60");
  await from.press("Enter");
  await expect(page).toHaveURL(/weight=60-70/);
  await expect(from).toHaveValue("60");
  await openFilters(page);
  await page.getByTestId("search-form").getByLabel(/^Mann/).check();
  if (!javaScriptEnabled) await page.getByTestId("search-form").getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/gender=1/);
  await expect(page).toHaveURL(/weight=60-70/);
  await expect(from).toHaveValue("60");
});

test("the location slot keeps its place when the page hydrates: the form below does not move @js", async ({
  browser,
  javaScriptEnabled,
}) => {
  // An unknown city opens the folded filters, so the slot is on the first screen of a phone.
  const path = "/de/escorts?city=Nirgendwo";
  const viewport = { width: 390, height: 844 };
  const ageTopWith = async (javaScript: boolean) => {
    const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByTestId(javaScript ? "use-my-location" : "browse-places")).toBeVisible();
    const box = await page.getByText("Alter", { exact: true }).first().boundingBox();
    await context.close();
    return box?.y;
  };
  const before = await ageTopWith(false);
  expect(before).toBeGreaterThan(0);
  // Without JavaScript the slot offers the places instead of the location button.
  if (javaScriptEnabled) expect(await ageTopWith(true)).toBe(before);
});
