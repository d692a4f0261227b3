/**
 * Affiliates without JavaScript on a phone (issue 32 item 6, ADR 135): the partners page explains the programme; a
 * backend account creates a partner (a refused code kept at its field) and reads its report; the partner's link tells a
 * visitor who sent them and stores the code only when they choose to sign up through the partner. Screenshots at
 * 390 px (test-results/shots/affiliates-*.png).
 */
import { randomBytes } from "node:crypto";
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

test.describe("affiliates (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the partners page shows the programme, how to apply and the advertising contact", async ({ page }) => {
    await page.goto("/de/partners");
    await expect(page.getByRole("heading", { name: "Partnerprogramm" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "So bewirbst du dich" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Werbung", exact: true }).first()).toHaveAttribute("href", "/de/misc/advertisement");
    await page.screenshot({ path: `${SHOTS}/affiliates-partners.png`, fullPage: true });
    await page.goto("/en/partners");
    await expect(page.getByRole("heading", { name: "How to apply" })).toBeVisible();
  });

  test("a backend account creates a partner and reads its report; the link stores the code only on request", async ({ browser, page }) => {
    const staff = await staffPage(browser, "demo_backend");
    await staff.goto("/de/backoffice/affiliates");
    await expect(staff.getByRole("heading", { name: "Partner (Affiliates)" })).toBeVisible();
    await staff.getByLabel("Name", { exact: true }).fill("Nachtblog");
    await staff.getByLabel("Code", { exact: true }).fill("zu kurz!");
    await staff.getByLabel("E-Mail", { exact: true }).fill("redaktion@nachtblog.example");
    await staff.getByRole("button", { name: "Partner anlegen" }).click();
    await expect(staff.locator("#field-code-error")).toContainText("4–20 Großbuchstaben");
    await expect(staff.getByLabel("Name", { exact: true })).toHaveValue("Nachtblog");
    const code = `NACHT${randomBytes(3).toString("hex").toUpperCase()}`;
    await staff.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await staff.getByRole("button", { name: "Partner anlegen" }).click();
    await expect(staff.getByTestId("affiliate-created")).toBeVisible();
    await staff.screenshot({ path: `${SHOTS}/affiliates-office.png`, fullPage: true });
    await staff.getByRole("link", { name: "Nachtblog" }).first().click();
    await expect(staff.getByTestId("affiliate-totals")).toContainText(code);
    await expect(staff.getByText("In den letzten zwölf Monaten wurde nichts gutgeschrieben.")).toBeVisible();
    await staff.screenshot({ path: `${SHOTS}/affiliates-report.png`, fullPage: true });

    // The visitor: opening the link stores nothing; choosing the partner's sign-up stores the code.
    await page.goto(`/de/a/${code}`);
    await expect(page.getByTestId("affiliate-link")).toContainText(code);
    await page.screenshot({ path: `${SHOTS}/affiliates-link.png`, fullPage: true });
    expect((await page.context().cookies()).some((cookie) => cookie.name === "aff")).toBe(false);
    await page.getByRole("button", { name: "Über diesen Partner registrieren" }).click();
    await expect(page).toHaveURL(/\/de\/join\/user$/);
    const aff = (await page.context().cookies()).find((cookie) => cookie.name === "aff");
    expect(aff?.value).toBe(code);
    expect(aff?.httpOnly).toBe(true);

    await page.goto("/de/a/GIBTSNICHT1");
    await expect(page.getByTestId("affiliate-link-unknown")).toBeVisible();
  });

  test("a deactivated partner's link still lands on a page but records nothing; reactivated, it attributes again", async ({
    browser,
    page,
  }) => {
    const staff = await staffPage(browser, "demo_backend");
    await staff.goto("/de/backoffice/affiliates");
    const code = `PAUSE${randomBytes(3).toString("hex").toUpperCase()}`;
    await staff.getByLabel("Name", { exact: true }).fill("Pausenblog");
    await staff.getByLabel("Code", { exact: true }).fill(code);
    await staff.getByLabel("E-Mail", { exact: true }).fill("kontakt@pausenblog.example");
    await staff.getByRole("button", { name: "Partner anlegen" }).click();
    await expect(staff.getByTestId("affiliate-created")).toBeVisible();
    await staff.getByRole("link", { name: "Pausenblog" }).first().click();
    await expect(staff.getByTestId("affiliate-state-text")).toContainText("Aktiv");

    await staff.getByLabel("Grund (optional, für das Protokoll)").fill("Vertrag beendet");
    await staff.getByRole("button", { name: "Partner deaktivieren" }).click();
    await expect(staff.getByTestId("affiliate-state-done")).toHaveText("Der Partner ist deaktiviert.");
    await expect(staff.getByTestId("affiliate-state-text")).toContainText("Deaktiviert seit");
    await staff.screenshot({ path: `${SHOTS}/affiliates-deactivated.png`, fullPage: true });
    await staff.getByRole("link", { name: "Alle Partner" }).click();
    await expect(staff.getByTestId("affiliate-row").filter({ hasText: code })).toHaveAttribute("data-active", "0");

    // The visitor lands on a page (no dead link), with no attribution offer and nothing stored.
    const landing = await page.goto(`/de/a/${code}`);
    expect(landing?.status()).toBe(200);
    await expect(page.getByTestId("affiliate-link-inactive")).toBeVisible();
    await expect(page.getByRole("button", { name: "Über diesen Partner registrieren" })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/affiliates-link-inactive.png`, fullPage: true });
    await page.getByTestId("affiliate-link-inactive").getByRole("link", { name: "Registrieren", exact: true }).click();
    await expect(page).toHaveURL(/\/de\/join\/user$/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === "aff")).toBe(false);

    // Reactivated: the link offers the partner's sign-up again.
    await staff.getByRole("link", { name: "Pausenblog" }).first().click();
    await staff.getByRole("button", { name: "Partner wieder aktivieren" }).click();
    await expect(staff.getByTestId("affiliate-state-done")).toHaveText("Der Partner ist wieder aktiv.");
    await page.goto(`/de/a/${code}`);
    await expect(page.getByRole("button", { name: "Über diesen Partner registrieren" })).toBeVisible();
  });
});
