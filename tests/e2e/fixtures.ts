import { test as base, expect, type Page } from "@playwright/test";

let ipCounter = 0;

/**
 * Each test gets its own client address (the e2e server trusts
 * X-Forwarded-For), so per-IP login limits stay per test.
 */
export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use, testInfo) => {
    ipCounter += 1;
    await use(`198.51.${testInfo.workerIndex % 250}.${(ipCounter % 250) + 1}`);
  },
  page: async ({ page, clientIp }, use) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    await use(page);
  },
});

export { expect };

export const DEMO = { password: "demo-pass-2026", client: "demo_client", escort: "demo_escort", agency: "demo_agency" };

export async function logIn(page: Page, username: string, password: string, options: { keep?: boolean } = {}) {
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  if (options.keep) await page.getByLabel("Angemeldet bleiben").check();
  await page.getByRole("button", { name: "Anmelden" }).last().click();
}
