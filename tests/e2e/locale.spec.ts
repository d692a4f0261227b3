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
