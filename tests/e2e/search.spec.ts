import { expect, logIn, test } from "./fixtures";

test.describe("escort search", () => {
  test("filters by gender, age band, radius and price, and pages through results", async ({ page }) => {
    await page.goto("/de/escorts");
    await expect(page.getByTestId("search-tile")).toHaveCount(24);
    await page.getByTestId("next-page").click();
    await expect(page).toHaveURL(/\/de\/escorts\?page=2$/);
    await expect(page.getByTestId("search-tile").first()).toBeVisible();

    await page.goto("/de/escorts");
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
    await form.getByLabel("Umkreis").selectOption("10");
    if (!javaScriptEnabled) await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/de\/escorts\?.*radius=10/);
    await expect(page.getByTestId("search-total")).toBeVisible();
  });
});
