/**
 * The first screens without JavaScript (issue 4 item 3): the home page's quick
 * search and popular filters, nearby with a city, the member homes behind the
 * login, the guest landing, and the saved search (user_filters) that rebuilds
 * the header's search link.
 */
import { DEMO, expect, logIn, test } from "./fixtures";

test("guest home: cacheable, indexable, no cookies, a quick search that leads to results", async ({ page, request }) => {
  const response = await request.get("/de");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, must-revalidate");
  expect(response.headers()["set-cookie"]).toBeUndefined();
  const html = await response.text();
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/de"\/>/);
  expect(html).toContain('hrefLang="en"');

  await page.goto("/de");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("search-tile").first()).toBeVisible();
  await expect(page.getByTestId("home-cities").getByRole("link").first()).toHaveAttribute("href", /^\/de\/sex-and-erotic\/deutschland\//);
  const form = page.getByTestId("quick-search");
  await form.getByLabel("Ort", { exact: true }).fill("Hamburg");
  await form.getByLabel("Umkreis").selectOption("50");
  await form.getByLabel("Geschlecht").selectOption("2");
  await form.getByRole("button", { name: "Suchen" }).click();
  // The listing page canonicalizes what the form sent (empty age dropped).
  await expect(page).toHaveURL(/\/de\/escorts\?city=Hamburg&radius=50&gender=2$/);
  await expect(page.getByTestId("search-tile").first()).toBeVisible();
  for (const text of await page.getByTestId("search-tile").allTextContents()) expect(text).toMatch(/km/);
});

test("a popular-filter chip leads to the filtered search; an unknown preset is a 404", async ({ page, request }) => {
  await page.goto("/de");
  await page.getByTestId("pop-filters").getByRole("link", { name: "Neu", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/escorts\/neu$/);
  const total = Number(((await page.getByTestId("search-total").textContent()) ?? "").replace(/\D/g, ""));
  await page.goto("/de/escorts");
  const all = Number(((await page.getByTestId("search-total").textContent()) ?? "").replace(/\D/g, ""));
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(all);

  const moved = await request.get("/de/escorts?popFilters=hot&radius=50", { maxRedirects: 0 });
  expect(moved.status()).toBe(302);
  expect(moved.headers()["location"]).toBe("/de/escorts/hot?radius=50");
  expect((await request.get("/de/escorts/no-such-filter", { maxRedirects: 0 })).status()).toBe(404);
  // Escort-only presets do not exist for the client search (an escort's).
  await logIn(page, DEMO.escort, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  expect((await page.goto("/de/clients/neu"))?.status()).toBe(404);
  expect((await page.goto("/de/clients/verifiziert"))?.status()).toBe(200);
});

test("nearby with a city lists profiles nearest first and pages through them", async ({ page }) => {
  await page.goto("/de/nearby");
  await expect(page.getByText("Sortiert nach Entfernung von Berlin.")).toBeVisible();
  const form = page.getByTestId("nearby-form");
  await form.getByLabel("Ort", { exact: true }).fill("Hamburg");
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/\/de\/nearby\?city=Hamburg&radius=100$/);
  await expect(page.getByText("Sortiert nach Entfernung von Hamburg.")).toBeVisible();
  const distances = (await page.getByTestId("search-tile").allTextContents()).map((text) => {
    const match = /(<1|\d+)km/.exec(text);
    return match?.[1] === "<1" ? 0 : Number(match?.[1] ?? NaN);
  });
  expect(distances.length).toBeGreaterThan(0);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));

  // Around a position (lat/lon): the intro says so, the form keeps the position when the radius changes,
  // and a link drops it again.
  await page.goto("/de/nearby?lat=53.5511&lon=9.9937&radius=50");
  await expect(page.getByText("Sortiert nach Entfernung von deinem Standort.")).toBeVisible();
  await form.getByLabel("Umkreis").selectOption("20");
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/\/de\/nearby\?lat=53\.5511&lon=9\.9937&radius=20$/);
  await page.getByTestId("nearby-reset-position").click();
  await expect(page).toHaveURL(/\/de\/nearby$/);
  await expect(page.getByText("Sortiert nach Entfernung von Berlin.")).toBeVisible();

  await page.goto("/de/nearby-pop");
  await page.getByTestId("pop-filters").getByRole("link", { name: "Mit Foto" }).click();
  await expect(page).toHaveURL(/\/de\/nearby-pop\?popFilters=mit-foto$/);
  await expect(page.getByTestId("pop-filter-mit-foto")).toHaveAttribute("aria-current", "true");
  if (await page.getByTestId("next-page").count()) {
    await page.getByTestId("next-page").click();
    await expect(page).toHaveURL(/\/de\/nearby-pop\?popFilters=mit-foto&page=2$/);
    await expect(page.getByTestId("search-tile").first()).toBeVisible();
  }
});

test("member homes need a login; the guest landing is noindex and sends members home", async ({ page, request }) => {
  const guest = await request.get("/de/homepage-pop/verifiziert", { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers()["location"]).toBe(`/de/login?r=${encodeURIComponent("/de/homepage-pop/verifiziert")}`);
  const landing = await request.get("/de/homepage-landing/neu");
  expect(landing.status()).toBe(200);
  expect(await landing.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  // A preset given as a query parameter moves into the path; an unknown one is dropped (no duplicate pages).
  const query = await request.get("/de/homepage-landing?popFilters=neu", { maxRedirects: 0 });
  expect(query.headers()["location"]).toBe("/de/homepage-landing/neu");
  const unknown = await request.get("/de/homepage-landing?popFilters=quatsch", { maxRedirects: 0 });
  expect(unknown.headers()["location"]).toBe("/de/homepage-landing");

  await logIn(page, DEMO.client, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  await page.goto("/de/homepage");
  await expect(page.getByTestId("member-home")).toBeVisible();
  await expect(page.getByTestId("search-tile").first()).toBeVisible();
  await page.goto("/de/homepage-pop");
  await page.getByTestId("pop-filters").getByRole("link", { name: "Verifiziert" }).click();
  await expect(page).toHaveURL(/\/de\/homepage-pop\/verifiziert$/);
  await expect(page.getByText("Gefiltert: Verifiziert")).toBeVisible();
  await page.goto("/de/homepage-landing/neu");
  await expect(page).toHaveURL(/\/de\/homepage\/neu$/);
});

test("the member home hydrates without its list's code; a popular filter still leads to its list @js", async ({ browser, clientIp }) => {
  // Its own JavaScript context: the no-js project runs this file too.
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await logIn(page, DEMO.client, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  await page.goto("/de/homepage-pop");
  await page.waitForFunction(
    () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
  );
  await page.waitForLoadState("networkidle");
  // ADR 175: chips, tiles and pager are a server island; hydration loads none of their code.
  expect(scripts.filter((path) => /MemberHomeList/.test(path))).toEqual([]);
  // A link in an island is a document load (ADR 162, as the search results'): the server draws the new list.
  await page.getByTestId("pop-filters").getByRole("link", { name: "Verifiziert" }).click();
  await expect(page).toHaveURL(/\/de\/homepage-pop\/verifiziert$/);
  await expect(page.getByTestId("pop-filter-verifiziert")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("search-tile").first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("a client's search is saved and rebuilds the header's search link; guests get no user_filters cookie @js", async ({
  page,
  context,
}) => {
  await page.goto("/de/escorts?city=Hamburg&radius=50");
  expect((await context.cookies()).map((c) => c.name)).not.toContain("user_filters");

  await logIn(page, DEMO.client, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  await page.goto("/de");
  const form = page.getByTestId("quick-search");
  await form.getByLabel("Ort", { exact: true }).fill("Hamburg");
  // The typed name is the search (no suggestion picked): Escape closes the suggestions, which may cover the button.
  await form.getByLabel("Ort", { exact: true }).press("Escape");
  await form.getByLabel("Umkreis").selectOption("50");
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/\/de\/escorts\?city=Hamburg&radius=50$/);
  const saved = (await context.cookies()).find((c) => c.name === "user_filters");
  expect(saved).toMatchObject({ httpOnly: true, sameSite: "Lax", value: encodeURIComponent("escorts?city=Hamburg&radius=50") });

  await page.goto("/de/about");
  await expect(page.getByTestId("nav-search")).toHaveAttribute("href", "/de/escorts?city=Hamburg&radius=50");
  // The home's first row now centres on the saved search's city.
  await page.goto("/de");
  await expect(page.getByRole("heading", { name: "Top-Profile in Hamburg" })).toBeVisible();

  // A forged cookie cannot break anything: the link falls back to the plain listing.
  await context.addCookies([{ name: "user_filters", value: "%3Cscript%3E", domain: "127.0.0.1", path: "/" }]);
  await page.goto("/de/about");
  await expect(page.getByTestId("nav-search")).toHaveAttribute("href", "/de/escorts");
});
