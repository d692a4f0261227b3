/**
 * Wide zones without JavaScript (ADR 140 decision 2, ADR 146): staff give a Gera campaign a 320x100 and a 728x90 ad;
 * the search page for Gera renders both boxes in one answer, CSS shows the narrow one below 768 px and the wide one
 * from 768 px, and the impression pixel of the shown box alone is fetched — once — so only it is counted. The back
 * office then shows one impression for each. Screenshots at 390 and 1280 px go to test-results/ads/.
 */
import type { Page } from "@playwright/test";
import { newSearchCampaign } from "./ads-campaign";
import { DEMO, expect, logIn, test } from "./fixtures";

const shot = (name: string) => ({ path: `test-results/ads/${name}.png`, fullPage: true });
const GERA = "/de/escorts?city=de-gera&radius=20";

/** The pixel addresses the page fetched, as it loads. */
function pixelsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (/\/ads\/seen\/\d+\?k=/.test(request.url())) seen.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  return seen;
}
/** One render's pixel, fetched at least once: Chromium fetches a <source>'s no-store image twice (its preload scanner
 * and the element); the same nonce counts once, which the back office's numbers below prove. */
const onePixel = (seen: string[], creativeId: number) => {
  expect(new Set(seen).size, seen.join(" ")).toBe(1);
  expect(seen[0]).toMatch(new RegExp(`^/ads/seen/${creativeId}\\?k=`));
};

const creativeOf = async (page: Page, size: string) =>
  Number(
    /ads\/click\/(\d+)$/.exec(
      (await page.locator(`[data-testid=ad-box][data-size="${size}"] [data-testid=ad-link]`).getAttribute("href"))!,
    )![1],
  );

test("a zone in two sizes: the phone shows and counts the narrow box, a wide screen the 728x90", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const name = `Gera breit ${Date.now().toString(36)}`;
  const campaign = await newSearchCampaign(page, name, "Gera");
  for (const [size, headline] of [
    ["320x100", "Gera schmal"],
    ["728x90", "Gera breit – Plus für Ostthüringen"],
  ] as const) {
    const form = campaign.locator("details").filter({ has: page.locator("summary", { hasText: "Neue Anzeige" }) });
    await form.locator("summary").click();
    await form.getByLabel("Format", { exact: true }).selectOption(size);
    await form.getByLabel("Überschrift").fill(headline);
    await form.getByLabel("Ziel (https-Adresse oder Pfad wie /de/events)").fill("/de/user/membership");
    for (const language of ["DE", "EN", "ES", "PL"]) await form.getByLabel(`Alternativtext (${language})`).fill(headline);
    await form.getByRole("button", { name: "Anlegen" }).click();
    await expect(page.getByTestId("ads-saved")).toBeVisible();
  }
  await expect(campaign.getByTestId("ad-creative")).toHaveCount(2);
  await page.context().clearCookies();

  // A phone (390 px, no JavaScript): the narrow box, the wide one not rendered, one pixel — the narrow one's.
  const phone = pixelsOf(page);
  await page.goto(GERA);
  const zone = page.getByTestId("ad-zone");
  await expect(zone).toHaveCount(1);
  const narrow = zone.locator('[data-testid=ad-box][data-size="320x100"]');
  const wide = zone.locator('[data-testid=ad-box][data-size="728x90"]');
  await expect(narrow).toBeVisible();
  await expect(narrow).toContainText("Gera schmal");
  await expect(wide).toBeHidden();
  const narrowId = await creativeOf(page, "320x100");
  const wideId = await creativeOf(page, "728x90");
  const box = (await narrow.boundingBox())!;
  expect(Math.abs(box.height - (box.width * 100) / 320)).toBeLessThan(2);
  await zone.scrollIntoViewIfNeeded();
  await page.waitForLoadState("load");
  await page.screenshot(shot("wide-zone-390"));
  expect(phone).toHaveLength(1);
  onePixel(phone, narrowId);

  // A wide screen: the 728x90 box at its size, the narrow one hidden, the wide one's pixel alone. A context of its own
  // that is wide from its first page: resizing the phone's page between loads let Chromium's preload scanner judge
  // the <source> media by the old width now and then (CI saw both pixels once), which no real screen does.
  const { baseURL, extraHTTPHeaders, locale, javaScriptEnabled } = test.info().project.use;
  const wideContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    locale,
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const screen = await wideContext.newPage();
    const desktop = pixelsOf(screen);
    await screen.goto(GERA);
    const wideZone = screen.getByTestId("ad-zone");
    const wideOnScreen = wideZone.locator('[data-testid=ad-box][data-size="728x90"]');
    await expect(wideOnScreen).toBeVisible();
    await expect(wideOnScreen).toContainText("Gera breit");
    await expect(wideZone.locator('[data-testid=ad-box][data-size="320x100"]')).toBeHidden();
    const wideBox = (await wideOnScreen.boundingBox())!;
    expect(Math.abs(wideBox.width - 728)).toBeLessThan(2);
    expect(Math.abs(wideBox.height - 90)).toBeLessThan(2);
    await wideZone.scrollIntoViewIfNeeded();
    await screen.waitForLoadState("load");
    await screen.screenshot(shot("wide-zone-1280"));
    onePixel(desktop, wideId);
  } finally {
    await wideContext.close();
  }

  // The pixels counted one impression each; answering the page twice counted nothing more.
  await logIn(page, "demo_team", DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/backoffice/ads");
  const counted = page.getByTestId("ad-campaign").filter({ has: page.getByRole("heading", { name }) });
  await expect(counted.getByTestId("ad-numbers").first()).toContainText("Einblendungen: 2 ");
  for (const creative of await counted.getByTestId("ad-creative").all()) await expect(creative).toContainText("Einblendungen: 1 ");
});
