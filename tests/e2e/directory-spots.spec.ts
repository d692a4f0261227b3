/**
 * The directory's spot level (issue 32 item 9, ADR 136) without JavaScript on a phone: a guest goes from Berlin's city
 * page to one of its districts, which lists profiles near it under breadcrumbs, a canonical address and structured
 * data; an unknown district is a 404.
 */
import { expect, test } from "./fixtures";

test("a guest opens a district of Berlin from the city page and finds profiles near it", async ({ page }) => {
  await page.goto("/de/escort/deutschland/berlin/berlin");
  const spots = page.getByRole("region", { name: "Stadtteile" });
  await expect(spots).toBeVisible();
  await spots.getByRole("link", { name: "Kreuzberg" }).click();
  await expect(page).toHaveURL(/\/de\/escort\/deutschland\/berlin\/berlin\/kreuzberg$/);
  await expect(page.locator("script[src]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Escorts in Kreuzberg, Berlin");
  await expect(page.getByText("Profile im Umkreis von 5 km um Kreuzberg")).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Brotkrümelnavigation" });
  await expect(crumbs.locator("[aria-current=page]")).toHaveText("Kreuzberg");
  await expect(crumbs.getByRole("link", { name: "Berlin" }).last()).toHaveAttribute("href", "/de/escort/deutschland/berlin/berlin");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/de\/escort\/deutschland\/berlin\/berlin\/kreuzberg$/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join("\n")).toContain('"BreadcrumbList"');
  expect(jsonLd.join("\n")).toContain('"ItemList"');
  await expect(page.locator('a[href^="/de/p/"]').first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/directory-spot-390.png" });
  await page.getByRole("link", { name: "Alle Profile in Berlin" }).click();
  await expect(page).toHaveURL(/\/de\/escort\/deutschland\/berlin\/berlin$/);
});

test("an unknown district is a 404, a district of another city too", async ({ page }) => {
  expect((await page.goto("/de/escort/deutschland/berlin/berlin/atlantis"))?.status()).toBe(404);
  expect((await page.goto("/de/escort/deutschland/berlin/berlin/st-pauli"))?.status()).toBe(404);
  expect((await page.goto("/en/escort/deutschland/hamburg/hamburg/st-pauli"))?.status()).toBe(200);
});
