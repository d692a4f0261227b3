/**
 * The platform's reviews page (/{lang}/reviews, ADR 067) without JavaScript on a phone: a guest finds it from a
 * profile's reviews tab, reads the newest published reviews with their rating and date in the page's language, pages
 * with plain links and reaches the reviewed profile; search engines find it in the sitemap.
 */
import { DEMO, expect, test } from "./fixtures";

test("a guest goes from a profile's reviews to the newest reviews of all, pages and opens a reviewed profile", async ({ page }) => {
  await page.goto(`/de/p/${DEMO.escort}/reviews`);
  await page.getByTestId("all-reviews-link").click();
  await expect(page).toHaveURL(/\/de\/reviews$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Die neuesten Bewertungen");
  await expect(page.locator("script[src]")).toHaveCount(0);

  const reviews = page.getByTestId("latest-review");
  await expect(reviews.first()).toBeVisible();
  // The rating in words and the publication date in German.
  await expect(reviews.first()).toContainText(/\d,\d von 5 \(/);
  await expect(reviews.first()).toContainText(/Veröffentlicht am \d{1,2}\. [A-ZÄÖÜa-zäöü]+\.? \d{4}/);

  // A full first page, and paging by plain links (the demo has more than one page of reviews).
  await expect(reviews).toHaveCount(10);
  await page.getByRole("link", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/de\/reviews\?page=2$/);
  await expect(page.getByTestId("latest-review").first()).toBeVisible();
  await page.getByRole("link", { name: "Zurück" }).click();
  await expect(page).toHaveURL(/\/de\/reviews$/);

  // Each review names the reviewed member and links their profile.
  const subject = reviews.first().getByTestId("latest-review-subject");
  const href = await subject.getAttribute("href");
  expect(href).toMatch(/^\/de\/p\/[A-Za-z0-9_.-]+$/);
  await subject.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("the page speaks each language, sends a bad page number back to the first, and is in the sitemap", async ({ page, request }) => {
  await page.goto("/en/reviews");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The latest reviews");
  await expect(page.getByTestId("latest-review").first()).toContainText(/Published on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await page.goto("/pl/reviews?page=abc");
  await expect(page).toHaveURL(/\/pl\/reviews$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Najnowsze oceny");

  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toMatch(/\/sitemaps\/de\/reviews\.xml/);
  const part = await (await request.get("/sitemaps/de/reviews.xml")).text();
  expect(part).toMatch(/<loc>[^<]*\/de\/reviews<\/loc>/);
});
