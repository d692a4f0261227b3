import { DEMO, expect, logIn, test } from "./fixtures";

/**
 * Favorites in pages of 12 (spec section 9): without JavaScript the list pages by its "next" link; with it, the
 * next page joins the list as the member scrolls (public/scripts/lazy-list.js). demo_member keeps 14 Berlin
 * escorts for this (favoriting is idempotent and changes no ranking; no other test counts demo_member's list).
 */
test("the favorites list pages by link without JavaScript and loads on when scrolled with it @js", async ({
  page,
  request,
  clientIp,
  javaScriptEnabled,
}) => {
  const token = (await (
    await request.post("/oauth/v2/token", {
      headers: { "x-forwarded-for": clientIp },
      form: { grant_type: "password", username: "demo_member", password: DEMO.password },
    })
  ).json()) as { access_token: string };
  const search = await request.post("/api/v2/search/user-and-business", {
    headers: { "x-forwarded-for": clientIp },
    data: { filterquery: { user_type: "escort", location: { lat: 52.52, lon: 13.405, radius: 10 } }, page_no: 1 },
  });
  const escorts = ((await search.json()) as { data: Array<{ username: string }> }).data.slice(0, 14);
  expect(escorts).toHaveLength(14);
  for (const escort of escorts) {
    const kept = await request.post(`/api/v2/favorites/${escort.username}`, {
      headers: { "x-forwarded-for": clientIp, authorization: `Bearer ${token.access_token}` },
    });
    expect(kept.status()).toBe(200);
  }

  await logIn(page, "demo_member", DEMO.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/de/favorite");
  const tiles = page.getByTestId("user-list").locator("li");
  await expect(tiles).toHaveCount(12);
  if (!javaScriptEnabled) {
    await expect(page.getByTestId("next-page")).toHaveAttribute("href", /page=2/);
    return;
  }
  // Scrolling to the end reaches the threshold tile: the rest of the list joins without a page load.
  await tiles.last().scrollIntoViewIfNeeded();
  await expect.poll(async () => tiles.count()).toBeGreaterThan(12);
  await expect(page).toHaveURL(/\/de\/favorite$/);
});
