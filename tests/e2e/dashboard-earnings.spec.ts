/**
 * The creator's earnings chart (issue 28 item 6, ADR 095) without JavaScript: a fresh client buys dollars and tips a
 * fresh club 10 through the profile's form; the club's dashboard then shows 10 dollars of tips today, in the chart's
 * table and its totals. Screenshot at 390 px (test-results/…/dashboard-earnings-390.png). Fresh accounts only.
 */
import { buyDollars, expect, finishClubRegistration, listedClient, logIn, SIGN_UP_PASSWORD, signUpClub, test } from "./fixtures";

test("a tip shows in the receiving club's earnings per day", async ({ page, request, clientIp }, testInfo) => {
  test.setTimeout(120_000);
  const club = await signUpClub(request, clientIp, "earnclub", "Einnahmen Club");
  await finishClubRegistration(
    request,
    club.auth,
    "Ein Club in Hamburg, der seine Einnahmen im Blick behält. Freitags ab 18 Uhr geöffnet, mit Bar, Lounge und zwei Zimmern. Wir freuen uns auf deinen Besuch.",
  );
  await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
  await buyDollars(page);
  await page.goto(`/de/p/${club.username}`);
  await page.getByTestId("tip-section").getByTestId("tip-amount-10").click();
  await page.getByTestId("tip-pay").click();
  await expect(page.getByTestId("tip-result")).toHaveAttribute("data-status", "succeeded");

  await page.context().clearCookies();
  await logIn(page, club.username, SIGN_UP_PASSWORD);
  await page.goto("/de/my_dashboard");
  const earnings = page.getByTestId("dashboard-earnings");
  await expect(earnings.getByRole("heading", { level: 2 })).toHaveText("Deine Einnahmen");
  await expect(earnings.getByTestId("earnings-chart")).toBeVisible();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  // Columns: bundles, single unlocks, fan subscriptions, tips.
  await expect(earnings.getByTestId("earnings-table").locator(`tr[data-day="${today}"] td`)).toHaveText(["0", "0", "0", "10"]);
  await expect(earnings.getByTestId("earnings-summary")).toContainText("10 Dollar eingenommen");
  await earnings.scrollIntoViewIfNeeded();
  await earnings.screenshot({ path: testInfo.outputPath("dashboard-earnings-390.png") });
  await page.screenshot({ path: testInfo.outputPath("dashboard-earnings-page-390.png"), fullPage: true });
});
