import { DEMO, expect, logIn, test } from "./fixtures";
import type { Page } from "@playwright/test";

/**
 * The newsfeed (issue 28 item 5, ADR 095) on a phone without JavaScript: the four tabs as guest and as member (each
 * its items or its empty state), the favorites tab's way to login for guests, and paging by the "more" link. With
 * JavaScript the next page joins as the member scrolls (the favorites' lazy-list script).
 */
const TABS = ["all", "favorites", "exclusive", "trending_now"] as const;

async function openTab(page: Page, tab: (typeof TABS)[number]) {
  await page.goto("/de/newsfeed");
  await page.getByTestId(`newsfeed-tab-${tab}`).click();
  await expect(page.getByTestId(`newsfeed-tab-${tab}`)).toHaveAttribute("aria-current", "page");
  return page.getByTestId("newsfeed");
}

test("a guest sees the four tabs; favorites asks them to log in and leads back", async ({ page }, testInfo) => {
  const response = await page.goto("/de/newsfeed");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Newsfeed");
  // The header links the feed (spec section 2: for guests too).
  await expect(page.getByTestId("nav-newsfeed")).toHaveAttribute("href", "/de/newsfeed");
  for (const tab of TABS) {
    const feed = await openTab(page, tab);
    // Each tab at 390 px without JavaScript, as a guest (test-results/…/newsfeed-guest-<tab>-390.png).
    await page.screenshot({ path: testInfo.outputPath(`newsfeed-guest-${tab}-390.png`), fullPage: true });
    if (tab === "favorites") {
      await expect(feed.getByTestId("newsfeed-login")).toBeVisible();
      await expect(feed.getByRole("link", { name: "Anmelden" })).toHaveAttribute(
        "href",
        /\/de\/login\?r=%2Fde%2Fnewsfeed%3Ftab%3Dfavorites/,
      );
      continue;
    }
    // Each tab shows its items or, when nothing is there, says so.
    await expect(feed.getByTestId("newsfeed-items").or(feed.getByTestId("newsfeed-empty"))).toBeVisible();
  }
  // The all tab has the demo's photos: open ones with their picture, and every tile leads to its profile.
  const items = (await openTab(page, "all")).getByTestId("newsfeed-item");
  await expect(items.first()).toBeVisible();
  // (Live streams other specs start are items too, ADR 137: they link their watch page or live tab.)
  await expect(page.locator('[data-testid="newsfeed-item"][data-item^="media:"] a').first()).toHaveAttribute("href", /^\/de\/p\/[\w-]+$/);
  await expect(page.locator('[data-testid="newsfeed-item"][data-locked="false"] img').first()).toBeVisible();
});

test("a member sees the four tabs and their favorites tab", async ({ page }, testInfo) => {
  await logIn(page, "demo_member", DEMO.password);
  await expect(page).not.toHaveURL(/\/login/);
  for (const tab of TABS) {
    const feed = await openTab(page, tab);
    await page.screenshot({ path: testInfo.outputPath(`newsfeed-member-${tab}-390.png`), fullPage: true });
    await expect(feed.getByTestId("newsfeed-login")).toHaveCount(0);
    await expect(feed.getByTestId("newsfeed-items").or(feed.getByTestId("newsfeed-empty"))).toBeVisible();
  }
});

test("the feed pages by its more link without JavaScript and loads on when scrolled with it @js", async ({ page, javaScriptEnabled }) => {
  await page.goto("/de/newsfeed");
  const items = page.getByTestId("newsfeed-item");
  const dataItems = () => items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-item")));
  if (javaScriptEnabled) {
    // On a wide screen the threshold tile (8th from the end) may be in view at once: the next page may already join.
    await expect.poll(async () => items.count()).toBeGreaterThanOrEqual(10);
    await items.last().scrollIntoViewIfNeeded();
    await expect.poll(async () => items.count()).toBeGreaterThan(10);
    await expect(page).toHaveURL(/\/de\/newsfeed$/);
    const all = await dataItems();
    expect(new Set(all).size).toBe(all.length);
    return;
  }
  await expect(items).toHaveCount(10);
  const more = page.getByTestId("newsfeed-more");
  await expect(more).toHaveAttribute("href", /^\/de\/newsfeed\?cursor=\d+\.[mbl]\.\d+$/);
  const firstPage = await dataItems();
  await more.click();
  await expect(page).toHaveURL(/cursor=/);
  const next = await dataItems();
  expect(next.length).toBeGreaterThan(0);
  // The next page continues the list: none of the first page's items again.
  expect(next.filter((item) => firstPage.includes(item))).toEqual([]);
});

test("a malformed tab or cursor goes back to a first page instead of an error", async ({ page }) => {
  await page.goto("/de/newsfeed?tab=nope");
  await expect(page).toHaveURL(/\/de\/newsfeed$/);
  await page.goto("/de/newsfeed?tab=exclusive&cursor=x");
  await expect(page).toHaveURL(/\/de\/newsfeed\?tab=exclusive$/);
});
