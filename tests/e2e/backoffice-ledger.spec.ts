import type { Page } from "@playwright/test";
import { DEMO, expect, listedClient, test } from "./fixtures";

/**
 * The ledger in the back office (issue 27 item 7, ADR 087) without JavaScript on a phone (390 px): the backend demo
 * account opens a fresh member's ledger, is refused a grant without a reason (the amount kept), grants 50 dollars
 * with a reason, freezes 20 and defrosts them, each a new operation in the list; then runs the reconciliation and
 * sees green reports. The demo members' money is never touched.
 */

async function signInAs(page: Page, username: string): Promise<void> {
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

const balanceOf = (page: Page, account: string) => page.locator(`[data-account="dollar:${account}"] td`).last();

test("a backend account grants, freezes and defrosts a member's dollars, then reconciles green", async ({
  page,
  request,
  clientIp,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await listedClient(request, clientIp, 1);
  await signInAs(page, "demo_backend");

  await page.goto("/de/backoffice/ledger");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dollar-Ledger");
  await page.screenshot({ path: testInfo.outputPath("backoffice-ledger-empty-390.png"), fullPage: true });
  await page.getByLabel("Benutzername oder ID").fill("nobody_by_that_name");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page.locator("[data-field-error=member]")).toHaveText("Kein Mitglied mit diesem Namen oder dieser ID.");

  await page.getByLabel("Benutzername oder ID").fill(member);
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page.getByRole("heading", { name: `Konten von ${member}` })).toBeVisible();
  await expect(page.getByText("Noch keine Buchungen.")).toBeVisible();

  // No reason: refused at the field, the amount kept, nothing booked.
  await page.getByLabel("Betrag in Dollar").fill("50");
  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.locator("[data-field-error=reason]")).toHaveText("Bitte fülle dieses Feld aus.");
  await expect(page.getByLabel("Betrag in Dollar")).toHaveValue("50");
  await expect(page.getByTestId("ledger-operations")).toHaveCount(0);

  await page.getByLabel("Grund").fill("Ausgleich für eine Störung");
  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByTestId("ledger-done")).toHaveText("Gutschrift gebucht.");
  await expect(balanceOf(page, "wallet")).toHaveText(/^50\b/);
  await expect(page.locator("[data-kind=GRANT]")).toContainText("Plattform: Gutschriften");

  await page.getByLabel("Aktion").selectOption("freeze");
  await page.getByLabel("Betrag in Dollar").fill("20");
  await page.getByLabel("Grund").fill("Betrugsverdacht, Prüfung läuft");
  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByTestId("ledger-done")).toHaveText("Betrag eingefroren.");
  await expect(balanceOf(page, "wallet")).toHaveText(/^30\b/);
  await expect(balanceOf(page, "frozen")).toHaveText(/^20\b/);
  await page.screenshot({ path: testInfo.outputPath("backoffice-ledger-frozen-390.png"), fullPage: true });

  await page.getByLabel("Aktion").selectOption("defrost");
  await page.getByLabel("Betrag in Dollar").fill("20");
  await page.getByLabel("Grund").fill("Geklärt, kein Betrug");
  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByTestId("ledger-done")).toHaveText("Betrag freigegeben.");
  await expect(balanceOf(page, "wallet")).toHaveText(/^50\b/);
  await expect(balanceOf(page, "frozen")).toHaveText(/^0\b/);
  await expect(page.getByTestId("ledger-operations").locator("> li")).toHaveCount(3);
  await expect(page.getByTestId("ledger-operations").locator("> li").first()).toHaveAttribute("data-kind", "DEFROST");

  await page.getByTestId("reconciliation-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ledger-Abgleich");
  await page.getByRole("button", { name: "Jetzt abgleichen" }).click();
  await expect(page.getByTestId("reconciliation-ran")).toBeVisible();
  const latest = page.getByTestId("reconciliation-reports").locator("> li");
  await expect(latest.nth(0)).toHaveAttribute("data-state", "green");
  await expect(latest.nth(1)).toHaveAttribute("data-state", "green");
  await expect(page.getByTestId("reconciliation-alert")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("backoffice-reconciliation-390.png"), fullPage: true });
});

test("the ledger pages are a 404 for a member", async ({ page }) => {
  await signInAs(page, DEMO.client);
  for (const path of ["/de/backoffice/ledger", "/de/backoffice/ledger/reconciliation"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
});
