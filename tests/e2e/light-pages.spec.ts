/**
 * Issue 25 items 9, 12 and 13 in a 390 px browser with JavaScript off: a profile page stays small (a photo's larger
 * view is fetched when it opens, not with the page), every directory category word lists profiles, demo_client can
 * ask for a date on a fresh seed, and the dev mailbox does not scroll sideways. Screenshots go to the test's output
 * folder (test-results/), where they are looked at.
 */
import type { Page, Response, TestInfo } from "@playwright/test";
import { SEO_CATEGORY_WORDS } from "#server/contract/seo";
import { DEMO, expect, logIn, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
test.use({ javaScriptEnabled: false, viewport: PHONE });

/** The image bytes a first load may cost on a phone without JavaScript. */
const FIRST_LOAD_IMAGE_BUDGET = 120 * 1024;

async function shoot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: options.fullPage ?? false });
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the page must not scroll sideways").toBeLessThanOrEqual(PHONE.width);
}

/** Every image response of the page from now on, with its transferred body size. */
function recordImages(page: Page) {
  const images: Array<{ url: string; bytes: Promise<number> }> = [];
  page.on("response", (response: Response) => {
    if (response.request().resourceType() !== "image") return;
    images.push({
      url: new URL(response.url()).pathname,
      bytes: response.body().then(
        (b) => b.length,
        () => 0,
      ),
    });
  });
  return {
    images,
    async total() {
      return (await Promise.all(images.map((i) => i.bytes))).reduce((a, b) => a + b, 0);
    },
  };
}

/** A variant wider than any thumbnail slot needs (thumbnails and the head photo take 160 or 320 px at 1x). */
const isLargeVariant = (url: string) => Number(/\/(\d+)\.(avif|webp|jpg)$/.exec(url)?.[1] ?? 0) > 320;

/** The media paths (`/media/{key}`) of the profile's larger photo views, read from their custom properties. */
async function largeViewPaths(page: Page): Promise<string[]> {
  const styles = await page.getByTestId("photo-large").evaluateAll((els) => els.map((el) => el.getAttribute("style") ?? ""));
  return styles.map((style) => /url\("(\/media\/[^/"]+)\//.exec(style)?.[1] ?? "");
}

for (const viewer of ["guest", "member"] as const)
  test(`a profile page without JavaScript fetches only what it shows (${viewer}): thumbnails, not the hidden larger views`, async ({
    page,
  }, testInfo) => {
    if (viewer === "member") await logIn(page, DEMO.client, DEMO.password);
    const recorder = recordImages(page);
    await page.goto(`/de/p/${DEMO.escort}`);
    await page.waitForLoadState("load");
    const thumbs = page.getByTestId("gallery-thumb");
    const count = await thumbs.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const total = await recorder.total();
    testInfo.annotations.push({ type: "image-bytes", description: `${viewer}: ${recorder.images.length} images, ${total} bytes` });
    expect(total, `image bytes of the first load (${recorder.images.map((i) => i.url).join(", ")})`).toBeLessThanOrEqual(
      FIRST_LOAD_IMAGE_BUDGET,
    );
    // Nothing at a larger view's width.
    const large = recorder.images.filter((i) => isLargeVariant(i.url));
    expect(large.map((i) => i.url)).toEqual([]);
    await shoot(page, testInfo, `profile-${viewer}-first-screen`);
    await shoot(page, testInfo, `profile-${viewer}-full`, { fullPage: true });

    // Opening a view fetches its photo then, large enough for the screen.
    const paths = await largeViewPaths(page);
    expect(paths).toHaveLength(count);
    // An open photo, the second if it is (a paid one the viewer has not bought opens only its blurred preview, ADR 093).
    const unlocked = await thumbs.evaluateAll((els) => els.map((el) => el.getAttribute("data-locked") === null));
    const later = unlocked.findIndex((open, i) => open && i > 0);
    const index = later > 0 ? later : unlocked.indexOf(true);
    expect(index).toBeGreaterThanOrEqual(0);
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`${paths[index]}/`));
    await thumbs.nth(index).click();
    const view = page.locator("[data-testid=photo-view]:target");
    await expect(view).toBeVisible();
    expect(isLargeVariant(new URL((await opened).url()).pathname)).toBe(true);
    const photo = await view.getByTestId("photo-large").boundingBox();
    expect(photo!.width).toBeGreaterThanOrEqual(PHONE.width - 40);
    expect(photo!.height).toBeGreaterThan(300);
    await expect(view.getByTestId("photo-large")).toHaveAttribute("role", "img");
    await shoot(page, testInfo, `profile-${viewer}-photo-view`);
    // Only the opened view's photo was added: the other views still wait.
    const fetchedLarge = recorder.images.filter((i) => isLargeVariant(i.url)).map((i) => i.url);
    expect(fetchedLarge.every((url) => url.startsWith(`${paths[index]}/`))).toBe(true);
  });

test("every directory category word lists profiles", async ({ page, request }, testInfo) => {
  for (const word of SEO_CATEGORY_WORDS) {
    const response = await request.get(`/de/${word}/deutschland`, { maxRedirects: 0 });
    expect(response.status(), word).toBe(200);
    expect(await response.text(), word).toMatch(/href="\/de\/p\/[^"]+"/);
  }
  await page.goto("/de/gangbang-bukkake/deutschland");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, testInfo, "directory-gangbang-bukkake");
});

test("demo_client can ask demo_escort for a date on a fresh seed", async ({ page }, testInfo) => {
  await logIn(page, DEMO.client, DEMO.password);
  await page.goto(`/de/p/${DEMO.escort}`);
  await page.getByTestId("date-request-link").click();
  const form = page.getByTestId("date-request-form");
  // Tomorrow at 8 pm (Berlin, the form's wall clock): well past the earliest start.
  const earliest = Number(await form.getAttribute("data-earliest"));
  const tomorrow = new Date(earliest + 24 * 60 * 60 * 1000).toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" });
  await form.locator('input[name="date"]').fill(tomorrow);
  await form.locator('input[name="time"]').fill("20:00");
  await form.locator('input[name="place_type"][value="incall"]').check();
  await form.locator('textarea[name="message"]').fill("Ich probiere die Demo aus.");
  await form.getByRole("button", { name: "Anfrage senden" }).click();
  await expect(page.getByTestId("date-done")).toHaveText("Deine Anfrage ist verschickt.");
  await shoot(page, testInfo, "date-request-sent");
  // Withdrawn again: the demo accounts stay as other tests know them.
  await page.getByRole("button", { name: "Absagen" }).click();
  await expect(page.getByRole("button", { name: "Absagen" })).toHaveCount(0);
});

test("the dev mailbox does not scroll sideways at 390 px", async ({ page }, testInfo) => {
  // A mail with a long link: a password reset for demo_client.
  await page.goto("/de/forgot_password");
  await page.locator('input[name="email"]').fill("client@demo.velora.local");
  await page.locator('form button[type="submit"]').first().click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent("client@demo.velora.local")}`);
  await expect(page.locator("[data-mail-link]").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, testInfo, "dev-mailbox");
});
