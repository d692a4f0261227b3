/**
 * The back office's missing translation keys (issue 32 item 7, ADR 136, 139) with JavaScript off, at phone width: a
 * browser's report shows up per language and namespace; the team filters, marks one key fixed and dismisses another;
 * the states filter finds them again; a member gets the 404 of a page that does not exist. Screenshot at 390 px
 * (test-results/shots/backoffice-translations.png).
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

const SHOTS = "test-results/shots";

async function phonePage(browser: Browser, clientIp: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  return page;
}

test("reported keys are listed per language and namespace; one marked fixed, one dismissed, without JavaScript", async ({
  browser,
  clientIp,
}) => {
  const staff = await phonePage(browser, clientIp);
  await logIn(staff, "demo_team", DEMO.password);
  await staff.waitForURL((url) => !url.pathname.endsWith("/login"));
  const origin = new URL(staff.url()).origin;
  const tag = clientIp.replaceAll(".", "_");
  const fixedKey = `e2e.fixed_${tag}`;
  const dismissedKey = `e2e.invented_${tag}`;
  // What a browser's i18next sends (app/i18n/missing-keys.ts), to its own origin.
  const reported = await staff.request.post("/node/translations/missing", {
    headers: { origin, "content-type": "application/json", "x-forwarded-for": clientIp },
    data: {
      keys: [
        { lng: "pl", ns: "wallet", key: fixedKey },
        { lng: "pl", ns: "wallet", key: dismissedKey },
      ],
    },
  });
  expect(reported.status()).toBe(204);

  await staff.goto("/de/backoffice");
  await staff.getByTestId("backoffice-content-links").getByRole("link", { name: "Fehlende Übersetzungen" }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Fehlende Übersetzungen");
  const filter = staff.getByTestId("missing-filter");
  // The overview links into the filter for Polish / wallet.
  await staff
    .getByTestId("missing-group")
    .filter({ hasText: /^PL · wallet: \d+$/ })
    .click();
  await expect(filter.getByLabel("Sprache")).toHaveValue("pl");
  await expect(filter.getByLabel("Namensraum")).toHaveValue("wallet");
  const fixedCard = staff.getByTestId("missing-key").filter({ hasText: fixedKey });
  const dismissedCard = staff.getByTestId("missing-key").filter({ hasText: dismissedKey });
  await expect(fixedCard).toHaveAttribute("data-state", "open");
  await expect(fixedCard).toContainText("1-mal gemeldet");
  await staff.screenshot({ path: `${SHOTS}/backoffice-translations.png`, fullPage: true });

  await fixedCard.getByRole("button", { name: "Als behoben markieren" }).click();
  await expect(staff.getByTestId("missing-key-done")).toContainText("Als behoben markiert.");
  // Back on the same filter; the fixed key has left the open list.
  await expect(filter.getByLabel("Sprache")).toHaveValue("pl");
  await expect(fixedCard).toHaveCount(0);
  await dismissedCard.getByRole("button", { name: "Verwerfen" }).click();
  await expect(staff.getByTestId("missing-key-done")).toContainText("Verworfen.");
  await expect(dismissedCard).toHaveCount(0);

  // The state filter (a GET form) finds each again.
  await filter.getByLabel("Status").selectOption("fixed");
  await filter.getByRole("button", { name: "Filtern" }).click();
  await expect(staff).toHaveURL(/state=fixed/);
  await expect(fixedCard).toHaveAttribute("data-state", "fixed");
  await filter.getByLabel("Status").selectOption("dismissed");
  await filter.getByRole("button", { name: "Filtern" }).click();
  await expect(dismissedCard).toHaveAttribute("data-state", "dismissed");
  await expect(dismissedCard.getByRole("button", { name: "Als behoben markieren" })).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/backoffice-translations-dismissed.png`, fullPage: true });

  // Not for members.
  const member = await phonePage(browser, clientIp);
  await logIn(member, DEMO.client, DEMO.password);
  await member.waitForURL((url) => !url.pathname.endsWith("/login"));
  expect((await member.request.get("/de/backoffice/translations")).status()).toBe(404);
});
