import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test("a path without a language prefix is redirected under /de", async ({ page }) => {
  const response = await page.goto("/login");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/de\/login$/);
});

test("the language cookie decides the prefix for unprefixed paths", async ({ page, context }) => {
  await page.goto("/en/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/");
  await expect(page).toHaveURL(/\/en$/);
  await context.clearCookies();
});

test("pages carry html lang, canonical and hreflang alternates for all four languages", async ({ page }) => {
  await page.goto("/es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es$/);
  for (const lang of ["de", "en", "es", "pl"]) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute("href", new RegExp(`/${lang}$`));
  }
});

test("the language switcher offers de and en only, and keeps the page", async ({ page }) => {
  await page.goto("/de/forgot_password");
  const switcher = page.getByRole("navigation", { name: "Sprache" });
  await expect(switcher.getByRole("link")).toHaveText(["Deutsch", "English"]);
  await switcher.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/forgot_password$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
});

test("an unknown page shows the error page with a real 404", async ({ page }) => {
  const response = await page.goto("/de/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
});

test("/error/500 answers 500 and /error/404 answers 404", async ({ page }) => {
  expect((await page.goto("/de/error/500"))?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Da ist etwas schiefgelaufen");
  expect((await page.goto("/de/error/404"))?.status()).toBe(404);
});

test("translation files are served at /public/locales/{lng}/{ns}.json", async ({ request }) => {
  const de = await request.get("/public/locales/de/common.json");
  expect(de.status()).toBe(200);
  expect((await de.json()).login.title).toBe("Anmelden");
  const pl = await request.get("/public/locales/pl/common.json");
  expect((await pl.json()).login.title).toBe("Zaloguj się");
  expect((await request.get("/public/locales/xx/common.json")).status()).toBe(404);
  expect((await request.get("/public/locales/de/unknown.json")).status()).toBe(404);
});

/** The translation files a page fetched, as "lng/ns.json". */
function recordLocaleFiles(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/public/locales/")) files.push(path.slice("/public/locales/".length));
  });
  return files;
}

/** Text that reads like a key of a feature namespace ("search.sort.newest"). */
const RAW_KEY = /\b(?:search|traits|profile|home|join|seo|info|invites|dashboard|phone)\.[a-z_]+/;

test("a hydrated page downloads only the namespaces its routes declare, in its own language only @js", async ({
  page,
  javaScriptEnabled,
}) => {
  const files = recordLocaleFiles(page);
  await page.goto("/de/login");
  // Without JavaScript a page needs no translation file at all.
  await expectLocaleFiles(page, files, javaScriptEnabled ? ["de/auth.json", "de/common.json"] : []);
  files.length = 0;
  await page.goto("/en/escorts");
  await expectLocaleFiles(page, files, javaScriptEnabled ? ["en/ads.json", "en/common.json", "en/search.json", "en/traits.json"] : []);
});

/**
 * Waits until the page has fetched the expected files, then until the network is quiet, and checks
 * that nothing else came. Waiting for "networkidle" alone was not enough: on a loaded machine the
 * scripts' evaluation can outlast its 500 ms of quiet before i18next asks for its first file.
 */
async function expectLocaleFiles(page: Page, files: string[], expected: string[]) {
  await expect.poll(() => [...files].sort()).toEqual(expected);
  await page.waitForLoadState("networkidle");
  expect([...files].sort()).toEqual(expected);
}

test("a client navigation shows the next page only with its namespaces loaded: no raw keys, not even briefly @js", async ({
  page,
  javaScriptEnabled,
}) => {
  const files = recordLocaleFiles(page);
  await page.goto("/de/login");
  await page.waitForLoadState("networkidle");
  if (javaScriptEnabled) {
    // Records any text that ever reads like a key while the page changes.
    await page.evaluate((pattern) => {
      const w = window as unknown as { rawKeys: string[]; sameDocument: boolean };
      w.rawKeys = [];
      w.sameDocument = true;
      const looksRaw = new RegExp(pattern);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of [record.target, ...record.addedNodes]) {
            const text = node.textContent ?? "";
            if (looksRaw.test(text)) w.rawKeys.push(text.slice(0, 120));
          }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, RAW_KEY.source);
  }
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Escorts" }).click();
  await expect(page).toHaveURL(/\/de\/escorts$/);
  // On a phone the filter form is folded behind its disclosure (issue 9 item 18): translated, but not necessarily shown.
  await expect(page.getByTestId("search-form").getByLabel("Umkreis")).toBeAttached();
  // Into a page that ships no JavaScript of its own: after a client navigation it renders in the browser too.
  // The whole tile is the link (issue 9 item 17).
  await page.getByTestId("search-tile").first().click();
  await expect(page).toHaveURL(/\/de\/p\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Fotos" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Merkmale und Aussehen" })).toBeVisible();
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
  if (!javaScriptEnabled) {
    expect(files).toEqual([]);
    return;
  }
  const seen = await page.evaluate(() => {
    const { rawKeys, sameDocument } = window as unknown as { rawKeys: string[]; sameDocument?: boolean };
    return { rawKeys, sameDocument };
  });
  expect(seen.sameDocument, "the navigations stayed in the document").toBe(true);
  expect(seen.rawKeys).toEqual([]);
  // The profile route declares its own namespaces and those of the member actions it renders.
  expect(files.sort()).toEqual([
    "de/ads.json",
    "de/auth.json",
    "de/common.json",
    "de/creator-media.json",
    "de/favorites.json",
    "de/friends.json",
    "de/profile.json",
    "de/relations.json",
    "de/reports.json",
    "de/search.json",
    "de/tips.json",
    "de/traits.json",
    // The escort-facing warning on a flagged client's profile (ADR 121, 127).
    "de/warnings.json",
  ]);
});
