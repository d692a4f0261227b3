/**
 * Finding events and blog posts without JavaScript on a phone (issue 29 items 1, 3, 5, 6, 8; ADR 104): a guest
 * searches the demo's events and posts with category links, the plain GET filter form, sorts, the view switch; the
 * profile tabs list demo_club's events and posts (demo_member alone sees whom they attend); the directory's Berlin page
 * links the city's next events; the sitemaps list a demo event and post; the /node paths answer JSON. Read-only: no
 * demo data changes. Screenshots at 390 px (test-results/…/community-*-390.png, and into SHOTS_DIR when set).
 */
import type { Page, TestInfo } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

/** Also into SHOTS_DIR when set (the review's folder of screenshots). */
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`community-${name}-390.png`), fullPage: true });
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/community-find-${name}.png`, fullPage: true });
}

test("a guest finds events by category, filters, sort and view, with plain links and a GET form", async ({ page }, testInfo) => {
  await page.goto("/de/events");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
  await expect(page.locator("script[src]")).toHaveCount(0);
  const tiles = page.getByTestId("event-tile");
  await expect(tiles.filter({ hasText: "Maskenball im Mondschein" })).toBeVisible();
  await expect(tiles.filter({ hasText: "Dinner & Dominanz" })).toBeVisible();
  // The pending event waits for the team: never listed; nor is a past one.
  await expect(page.getByText("Spielabend für Einsteiger")).toHaveCount(0);
  await expect(page.getByText("Sommernachtsparty")).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/de\/events$/);
  await expect(page.locator('link[rel="alternate"][hreflang="pl"]')).toHaveAttribute("href", /\/pl\/events$/);
  await shot(page, testInfo, "events");

  await page.getByRole("link", { name: /^Swingerparty \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/de\/events\/swinger-party$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events: Swingerparty");
  await expect(tiles.filter({ hasText: "Paare-Abend im Club Mondschein" })).toBeVisible();
  await expect(tiles.filter({ hasText: "Maskenball" })).toHaveCount(0);

  // The filter form (closed until a filter is set): a price band; the empty fields drop out of the address.
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Preis").selectOption("50-100");
  await page.getByRole("button", { name: "Filter anwenden" }).click();
  await expect(page).toHaveURL(/\/de\/events\/swinger-party\?price=50-100$/);
  await expect(tiles).toHaveCount(1);
  await page.getByLabel("Preis").selectOption("500+");
  await page.getByRole("button", { name: "Filter anwenden" }).click();
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText("Swinger-Brunch");
  await page.getByLabel("Preis").selectOption("100-200");
  await page.getByRole("button", { name: "Filter anwenden" }).click();
  await expect(page.getByTestId("events-empty")).toBeVisible();
  await shot(page, testInfo, "events-empty");

  // Distance from a chosen place is a sort; the list view is a link.
  await page.goto("/de/events?sort=distance&near=de-muenchen");
  await expect(page.getByRole("status")).toHaveText("Nach Entfernung von München sortiert");
  await expect(tiles.first()).toContainText("Dinner & Dominanz");
  await page.getByTestId("view-switch").click();
  await expect(page).toHaveURL(/view=list/);
  await expect(tiles.first()).toContainText("Dinner & Dominanz");
  await shot(page, testInfo, "events-list");

  // An unknown value is dropped (one address per result); an unknown category is a 404.
  await page.goto("/de/events?sort=price&price=x");
  await expect(page).toHaveURL(/\/de\/events$/);
  expect((await page.request.get("/de/events/no-such-category")).status()).toBe(404);
  await page.goto("/en/events/fetish-party");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events: Fetish party");
});

test("a guest finds blog posts by category, only show and sort", async ({ page }, testInfo) => {
  await page.goto("/de/blogs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blogs");
  const tiles = page.getByTestId("blog-tile");
  await expect(tiles.filter({ hasText: "Ein ganz normaler Dienstag" })).toBeVisible();
  await expect(tiles.filter({ hasText: "Neue Öffnungszeiten im Club Mondschein" })).toBeVisible();
  // Pending posts wait for the team.
  await expect(page.getByText("Wie ich zu Velora kam")).toHaveCount(0);
  await shot(page, testInfo, "blogs");

  await page.getByRole("link", { name: "Ratgeber", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/blogs\/advice$/);
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText("Fünf Tipps für das erste Date");

  await page.goto("/de/blogs");
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Sortierung").selectOption("published_at");
  await page.getByRole("button", { name: "Filter anwenden" }).click();
  await expect(page).toHaveURL(/\/de\/blogs\?sort=published_at$/);
  // Other specs publish posts meanwhile: the demo's newest post comes before its older one (or that one moved on).
  const titles = await tiles.allTextContents();
  const newer = titles.findIndex((text) => text.includes("Neue Öffnungszeiten im Club Mondschein"));
  const older = titles.findIndex((text) => text.includes("Ein ganz normaler Dienstag"));
  expect(newer).toBeGreaterThanOrEqual(0);
  expect(older === -1 || newer < older).toBe(true);
  await page.getByLabel("Nur zeigen").selectOption("with_photo");
  await page.getByRole("button", { name: "Filter anwenden" }).click();
  await expect(page.getByTestId("blogs-empty")).toBeVisible();
  await page.getByTestId("view-switch").click();
  await expect(page).toHaveURL(/view=list/);
  await page.goto("/de/blogs?view=list");
  await expect(tiles.first()).toBeVisible();
  await shot(page, testInfo, "blogs-list");
});

test("profile tabs list a member's events and posts; whom one attends only the member sees", async ({ page }, testInfo) => {
  await page.goto("/de/p/demo_club/events");
  const tab = page.getByTestId("profile-events");
  await expect(tab.getByTestId("event-tile").filter({ hasText: "Maskenball im Mondschein" })).toBeVisible();
  await expect(tab.getByText("Sommernachtsparty")).toBeVisible();
  await expect(tab.getByText("Events, an denen du teilnimmst")).toHaveCount(0);
  await shot(page, testInfo, "profile-events");
  await page.goto("/de/p/demo_club/blogs");
  await expect(page.getByTestId("profile-blogs").getByTestId("blog-tile").first()).toContainText("Neue Öffnungszeiten");
  await shot(page, testInfo, "profile-blogs");
  await page.goto(`/de/p/${DEMO.agency}/blogs`);
  await expect(page.getByTestId("profile-blogs-empty")).toBeVisible();
  await shot(page, testInfo, "profile-blogs-empty");

  await logIn(page, "demo_member", DEMO.password);
  await page.goto("/de/p/demo_member/events");
  await expect(page.getByText("Events, an denen du teilnimmst")).toBeVisible();
  await expect(page.getByTestId("profile-events").getByTestId("event-tile").filter({ hasText: "Maskenball im Mondschein" })).toBeVisible();
  await shot(page, testInfo, "profile-events-own");
});

test("the Berlin directory page links its next events; sitemaps and the /node paths list the demo's", async ({ page, request }) => {
  await page.goto("/de/escort/deutschland/berlin/berlin");
  const section = page.getByTestId("city-events");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Kommende Events in Berlin");
  await section.getByRole("link", { name: "Maskenball im Mondschein" }).click();
  await expect(page).toHaveURL(/\/de\/events\/motto-party\/maskenball-im-mondschein-1$/);

  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toMatch(/\/sitemaps\/de\/events-1\.xml/);
  expect(index).toMatch(/\/sitemaps\/de\/blogs-1\.xml/);
  const events = await (await request.get("/sitemaps/de/events-1.xml")).text();
  expect(events).toMatch(/<loc>[^<]*\/de\/events\/motto-party\/maskenball-im-mondschein-1<\/loc>/);
  expect(events).not.toMatch(/spielabend-fuer-einsteiger/);
  const blogs = await (await request.get("/sitemaps/de/blogs-1.xml")).text();
  expect(blogs).toMatch(/\/de\/blogs\/everyday-life\/ein-ganz-normaler-dienstag-1/);
  expect(blogs).toMatch(/hreflang="pl"/);
  expect(blogs).not.toMatch(/wie-ich-zu-velora-kam/);

  const search = await request.get("/node/event/search-init/motto-party");
  expect(search.status()).toBe(200);
  const body = (await search.json()) as { code: number; data: { items: Array<{ slug: string }>; facets: unknown } };
  expect(body.data.items.map((e) => e.slug)).toContain("maskenball-im-mondschein-1");
  const detail = await request.get("/node/event/detail-init/maskenball-im-mondschein-1");
  expect(((await detail.json()) as { data: { event: { title: string } } }).data.event.title).toBe("Maskenball im Mondschein");
  expect((await request.get("/node/event/detail-init/spielabend-fuer-einsteiger-5")).status()).toBe(404);
  const list = await request.get("/node/blog/demo_escort/list-init");
  expect(((await list.json()) as { data: { items: unknown[] } }).data.items.length).toBeGreaterThan(0);
  expect((await request.get("/node/blog/search-init/no-such-category")).status()).toBe(404);
  expect((await request.get("/node/blog/detail/ein-ganz-normaler-dienstag-1")).status()).toBe(200);
  expect((await request.get("/node/event/user-list/demo_club")).status()).toBe(200);
});
