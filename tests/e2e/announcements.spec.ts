import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

/**
 * Announcements (issue 12 item 7, ADR 044) without JavaScript, on a server of this test's own: an active
 * announcement shows on every page, so it must not appear in the browser tests of the shared server. Staff
 * publish one in the back office (a bad input is reported at its field, the rest kept); a guest and a member
 * each dismiss it, and it stays gone for them.
 */
const PORT = 3738;

async function pageOn(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: "de-DE",
  });
  return context.newPage();
}

async function logInAt(page: Page, username: string) {
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

test("staff publish an announcement; guests and members see it in the bar and dismiss it", async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const server = await startOwnServer(PORT);
  try {
    const staff = await pageOn(browser, server.base);
    await logInAt(staff, "demo_team");
    await staff.goto("/de/backoffice/announcements");
    await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Ankündigungen");
    await expect(staff.getByText("Noch keine Ankündigungen.")).toBeVisible();
    // No German text (blanks pass the browser's own check): refused at its field, the other input kept.
    await staff.getByLabel("Dringlichkeit").selectOption("warning");
    await staff.getByLabel("Text auf Deutsch").fill("  ");
    await staff.getByLabel("Text auf Englisch (leer: Deutsch)").fill("Maintenance tonight");
    await staff.getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(staff.locator("[data-field-error=text_de]")).not.toHaveText("");
    await expect(staff.getByLabel("Text auf Englisch (leer: Deutsch)")).toHaveValue("Maintenance tonight");
    await expect(staff.getByLabel("Dringlichkeit")).toHaveValue("warning");
    await staff.getByLabel("Text auf Deutsch").fill("Wartung heute Nacht zwischen 2 und 3 Uhr");
    await staff.getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(staff.getByTestId("announcement-created")).toBeVisible();
    await expect(staff.getByTestId("announcements-list")).toContainText("Wartung heute Nacht");
    await staff.screenshot({ path: testInfo.outputPath("backoffice-announcements-390.png"), fullPage: true });
    // Not for members: the page does not exist for them.
    const member = await pageOn(browser, server.base);
    await logInAt(member, DEMO.client);
    expect((await member.request.get("/de/backoffice/announcements")).status()).toBe(404);

    // A guest sees it in German and in English, dismisses it, and it stays gone (a cookie).
    const guest = await pageOn(browser, server.base);
    await guest.goto("/de");
    await expect(guest.getByTestId("announcement")).toHaveText(/Wartung heute Nacht/);
    await guest.screenshot({ path: testInfo.outputPath("announcement-bar-390.png") });
    await guest.goto("/en");
    await expect(guest.getByTestId("announcement")).toHaveText(/Maintenance tonight/);
    await guest.goto("/de/escorts");
    await guest.getByTestId("announcement").getByRole("button", { name: "Ausblenden" }).click();
    await expect(guest).toHaveURL(/\/de\/escorts$/);
    await expect(guest.getByTestId("announcement")).toHaveCount(0);
    await guest.goto("/de");
    await expect(guest.getByTestId("announcement")).toHaveCount(0);

    // The member still sees it until they dismiss it; then it is gone on every page.
    await member.goto("/de/my_dashboard");
    await expect(member.getByTestId("announcement")).toHaveCount(1);
    await member.getByTestId("announcement").getByRole("button", { name: "Ausblenden" }).click();
    await expect(member).toHaveURL(/\/de\/my_dashboard$/);
    await expect(member.getByTestId("announcement")).toHaveCount(0);
    await member.goto("/de");
    await expect(member.getByTestId("announcement")).toHaveCount(0);
  } finally {
    server.child.kill("SIGKILL");
  }
});
