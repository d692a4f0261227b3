import type { Page } from "@playwright/test";
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 33 item 5 (ADR 149): the browser translates with our own translator instead of i18next. Every hydrated page
 * must still hydrate — its route modules load, React finds the server's text (a translation that differed would be
 * a hydration error, React's minified #418/#423/#425 in production) — and show no raw keys; a client navigation
 * loads the next route's namespaces and shows its text; a missing key is not reported for the pages' own keys.
 */
const GUEST_PAGES = [
  "/de/escorts",
  "/en/clients",
  "/pl/agenturen-clubs",
  "/de/login",
  "/es/forgot_password",
  "/de/join/user",
  "/en/join/business",
  "/de/join/benefits",
  "/pl/join/business-benefits",
  "/de/join/user/email",
  "/de/join/business/basic",
  "/de/error/404",
];
// The dashboard ships no JavaScript since ADR 178.
const MEMBER_PAGES = ["/de/messenger", "/en/homepage", "/de/user/phone", "/de/buy/status"];
/** A raw key as the pages would show it: lower-case segments joined by dots (no text has three of them). */
const RAW_KEY = /\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\.[a-z][a-z0-9_.]*\b/;

function watch(page: Page) {
  const problems: string[] = [];
  const reported: string[] = [];
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && /Minified React error|hydrat/i.test(message.text()))
      problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("request", (request) => {
    if (request.url().includes("/node/translations/missing")) reported.push(request.postData() ?? "");
  });
  return { problems, reported };
}

async function hydrated(page: Page, path: string, problems: string[]) {
  await page.goto(path);
  const ready = await page
    .waitForFunction(
      () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
      null,
      {
        timeout: 20_000,
      },
    )
    .then(() => true)
    .catch(() => false);
  expect(ready, `${path} did not hydrate: ${problems.join(" | ")}`).toBe(true);
  await page.waitForLoadState("networkidle");
  const text = await page.locator("body").innerText();
  expect(text.match(RAW_KEY)?.[0] ?? null, `${path} shows a raw key`).toBeNull();
}

test("every hydrated guest page hydrates with the browser's translator, without raw keys or React errors", async ({
  browser,
  clientIp,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  const seen = watch(page);
  for (const path of GUEST_PAGES) await hydrated(page, path, seen.problems);

  // A client navigation into a route with other namespaces (join → login: auth) shows the new page's text.
  await hydrated(page, "/de/join/user", seen.problems);
  await page.locator('a[href^="/de/login"]').first().click();
  await page.waitForURL("**/de/login**");
  await expect(page.getByRole("button", { name: "Anmelden" }).last()).toBeVisible();
  await page.waitForTimeout(2_500);
  expect(seen.problems).toEqual([]);
  expect(seen.reported).toEqual([]);
  await context.close();
});

test("signed-in hydrated pages hydrate too", async ({ browser, request, clientIp }) => {
  test.setTimeout(180_000);
  const username = await listedClient(request, clientIp, 1);
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  const seen = watch(page);
  await logIn(page, username, SIGN_UP_PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  for (const path of MEMBER_PAGES) await hydrated(page, path, seen.problems);
  await page.waitForTimeout(2_500);
  expect(seen.problems).toEqual([]);
  expect(seen.reported).toEqual([]);
  await context.close();
});

test("the chrome stays the server's HTML at hydration, loads its code on the first client navigation, and its links stay in the document", async ({
  browser,
  clientIp,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  const seen = watch(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await hydrated(page, "/de/login", seen.problems);
  // ADR 167: the header and the footer are server islands; hydration loads none of their code.
  expect(scripts.filter((path) => /chrome-parts/.test(path))).toEqual([]);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Escorts" }).click();
  await expect(page).toHaveURL(/\/de\/escorts$/);
  // The header is drawn by the browser now: its current link follows the page.
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Escorts" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(scripts.filter((path) => /chrome-parts/.test(path))).toHaveLength(1);
  // A footer link, drawn by the browser now, navigates in the document too.
  await page.locator("footer").getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(/\/de\/legal\/imprint$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(seen.problems).toEqual([]);
  await context.close();
});
