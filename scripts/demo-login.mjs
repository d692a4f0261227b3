// Signs a demo account in through the login form (the way a visitor does) and returns its cookies as one Cookie
// header: the browser scripts that measure signed-in pages (scripts/lighthouse.mjs, scripts/bench-hydration.mjs).
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "demo-pass-2026";

/** `browser` is a launched Playwright browser; `base` the site's origin (a local certificate is accepted). */
export async function demoSessionCookie(browser, base, user) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/de/login`);
    await page.getByLabel("Benutzername oder E-Mail").fill(user);
    await page.getByLabel("Passwort", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 30_000 });
    const jar = await context.cookies(base);
    return jar.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await context.close();
  }
}
