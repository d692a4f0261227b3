/**
 * Rise-up promotion without JavaScript at 390 px (issue 27 item 3, ADR 084): a fresh escort, listed in her city,
 * buys 100 dollars through the checkout's fake provider, buys a rise-up on promotion/rise_up with one confirmation,
 * reads the result and her new balance, and is the first tile of her city's search. A fresh client reads that
 * rise-ups are for escorts and businesses. Screenshots: test-results/promotion-*-390.png.
 */
import { buyDollars, expect, listedClient, listedEscortIn, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

/** A city no other spec searches, so the first tile is decided by this spec's rise-up alone. */
const CITY = "Rostock";
const CITY_SEARCH = "/de/escorts?city=de-rostock&radius=20";

test.describe("rise-up promotion (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("a fresh escort with dollars buys a rise-up and is first in her city's search", async ({
    page,
    request,
    clientIp,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const escort = await listedEscortIn(request, clientIp, CITY);
    await logIn(page, escort, SIGN_UP_PASSWORD);

    // Without dollars: the price, and the way to buy dollars instead of the button.
    await page.goto("/de/promotion");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rise-up: dein Profil ganz oben");
    await expect(page.getByTestId("rise-up-price")).toHaveText("20 Dollar");
    await expect(page.getByTestId("rise-up-insufficient").getByRole("link", { name: "Dollar kaufen" })).toHaveAttribute(
      "href",
      /\/de\/buy\?goods=dollar/,
    );
    await expect(page.getByTestId("promotion-history-empty")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("promotion-empty-390.png"), fullPage: true });

    await buyDollars(page);

    // A rival in her city who signed in after her: without a rise-up the rival's tile comes first.
    const rival = await listedEscortIn(request, clientIp, CITY);
    // Search leaves the searcher's own profile out, and a guest's page may come from the minute's micro-cache: her
    // city's search as a signed-in client sees it.
    const guest = await noJsMemberPage(browser, clientIp, await listedClient(request, clientIp, 1));
    const firstTile = async () => {
      await guest.goto(CITY_SEARCH);
      return guest.getByTestId("search-tile").first();
    };
    await expect(await firstTile()).toHaveAttribute("href", `/de/p/${rival}`);

    await page.goto("/de/promotion/rise_up");
    await expect(page.getByTestId("rise-up-balance")).toHaveText("100 Dollar");
    const submit = page.getByTestId("rise-up-submit");
    await expect(submit).toHaveText("Jetzt aufsteigen für 20 Dollar");
    expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: testInfo.outputPath("promotion-buy-390.png"), fullPage: true });
    await submit.click();

    await expect(page).toHaveURL(/\/de\/promotion\/rise_up\?done=\d+/);
    await expect(page.getByTestId("promotion-outcome")).toHaveAttribute("data-status", "accepted");
    await expect(page.getByTestId("promotion-outcome")).toContainText("Dein Guthaben: 80 Dollar");
    await expect(page.getByTestId("rise-up-running")).toBeVisible();
    await expect(page.getByTestId("rise-up-submit")).toHaveCount(0);
    await expect(page.getByTestId("promotion-history")).toContainText("Läuft");
    await expect(page.getByTestId("rise-up-band")).toHaveText("in den letzten 24 Stunden");
    await page.screenshot({ path: testInfo.outputPath("promotion-bought-390.png"), fullPage: true });

    // At once her tile is first, above the rival's.
    const herTile = await firstTile();
    await expect(herTile).toHaveAttribute("href", `/de/p/${escort}`);
    await expect(herTile.getByTestId("tile-risen")).toHaveText("↑ Aufgestiegen in den letzten 24 Std.");
    await guest.screenshot({ path: testInfo.outputPath("promotion-search-first-390.png"), fullPage: false });
    await guest.context().close();
  });

  test("a client reads that rise-ups are for escorts and businesses", async ({ page, request, clientIp }, testInfo) => {
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    await page.goto("/de/promotion");
    await expect(page.getByTestId("rise-up-providers-only")).toBeVisible();
    await expect(page.getByTestId("rise-up-submit")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("promotion-client-390.png"), fullPage: true });
    // A forged post is refused by the API and shown as a translated error, never a 5xx.
    const response = await page.request.post("/de/promotion/rise_up", {
      form: { key: "forged-key-123456" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("nur für Escorts und Businesses");
  });

  test("an unknown promotion type is not found", async ({ page, request, clientIp }) => {
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    const response = await page.goto("/de/promotion/nonsense");
    expect(response?.status()).toBe(404);
  });
});
