/**
 * The audit viewer without JavaScript on a phone (issue 30 item 5): a backend account reads the trail and filters it;
 * a bad day range is refused at its field with the input kept; the team does not find the page (404).
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";

const SHOTS = "test-results/shots";

async function staffPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  return page;
}

test("a backend account reads and filters the audit trail; a reversed range is refused at its field", async ({ browser }) => {
  const staff = await staffPage(browser, "demo_backend");
  await staff.goto("/de/backoffice/audit");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Prüfprotokoll");
  await staff.screenshot({ path: `${SHOTS}/backoffice-audit-390.png`, fullPage: true });

  await staff.getByLabel("Von").fill("2030-02-01");
  await staff.getByLabel("Bis").fill("2030-01-01");
  await staff.getByRole("button", { name: "Filtern" }).click();
  await expect(staff.getByText("„Bis“ liegt vor „Von“.")).toBeVisible();
  await expect(staff.getByLabel("Von")).toHaveValue("2030-02-01");
  await expect(staff.getByTestId("audit-empty")).toBeVisible();
});

test("the team does not find the audit trail", async ({ browser }) => {
  const team = await staffPage(browser, "demo_team");
  const answer = await team.goto("/de/backoffice/audit");
  expect(answer?.status()).toBe(404);
});
