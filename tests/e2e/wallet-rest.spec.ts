/**
 * Issue 27's leftovers without JavaScript at 390 px: the rewards page reads and its claim form grants (once), the
 * gifts page is reached from the settings index and the dollar menu, auto recharge is offered only while a plus
 * contract renews (disabled with the reason otherwise, a hand-made "on" refused at its field), and the notification
 * settings have the "Dollar" row. Screenshots in the tests' output folders, each judged by eye.
 */
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { TOKEN_REWARDS } from "#server/contract/gifts";
import { e2eDatabasePath } from "./e2e-database";
import { checkoutToOverview, expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

const EMAIL_REWARD = TOKEN_REWARDS.find((reward) => reward.kind === "email_verified")!.dollars;

/** The e2e server's SQLite file, for what no page does: an address confirmed before rewards existed (no hook ran). */
function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

const rewardRowsOf = (username: string) =>
  withDatabase(
    (db) =>
      (
        db
          .prepare(
            `SELECT count(*) AS n FROM ledger_operations WHERE idempotency_key LIKE 'reward:%:' || (SELECT id FROM users WHERE username = ?)`,
          )
          .get(username) as { n: number }
      ).n,
  );

test.describe("the wallet's leftovers (no JavaScript)", () => {
  test("the rewards page only reads; its claim form grants an earned reward once", async ({ page, request, clientIp }, testInfo) => {
    const username = await listedClient(request, clientIp, 1);
    withDatabase((db) => db.prepare("UPDATE users SET email_verified_at = ? WHERE username = ?").run(Date.now(), username));
    await logIn(page, username, SIGN_UP_PASSWORD);

    // Two GETs: the earned reward waits, nothing is booked.
    for (let i = 0; i < 2; i++) {
      await page.goto("/de/user/token_rewards");
      await expect(page.getByTestId("reward-email_verified-claimable")).toBeVisible();
    }
    expect(rewardRowsOf(username)).toBe(0);
    await expect(page.getByTestId("nav-dollars")).toHaveAttribute("data-wallet-available", "0");
    await page.screenshot({ path: testInfo.outputPath("rewards-claimable-390.png"), fullPage: true });

    await page.getByTestId("rewards-claim-submit").click();
    await expect(page).toHaveURL(/\/de\/user\/token_rewards\?done=claimed$/);
    await expect(page.getByTestId("rewards-claimed")).toBeVisible();
    await expect(page.getByTestId("reward-email_verified")).toContainText("Erhalten am");
    await expect(page.getByTestId("rewards-claim")).toHaveCount(0);
    await expect(page.getByTestId("nav-dollars")).toHaveAttribute("data-wallet-available", String(EMAIL_REWARD));
    await page.screenshot({ path: testInfo.outputPath("rewards-claimed-390.png"), fullPage: true });

    // The same post again (a reload, a second tab): nothing more.
    const origin = new URL(page.url()).origin;
    const again = await page.request.post("/de/user/token_rewards", { form: { intent: "claim" }, headers: { origin }, maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(rewardRowsOf(username)).toBe(1);
    await page.goto("/de/user/dollar");
    await expect(page.getByTestId("wallet-available")).toHaveAttribute("data-available", String(EMAIL_REWARD));
  });

  test("gifts are one tap from the settings index and from the dollar menu", async ({ page, request, clientIp }, testInfo) => {
    await logIn(page, await listedClient(request, clientIp, 2), SIGN_UP_PASSWORD);
    await page.goto("/de/user");
    await expect(page.getByTestId("settings-dollars")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("settings-index-390.png"), fullPage: true });
    for (const [start, link] of [
      ["/de/user", "settings-gifts-link"],
      ["/de/user/dollar", "dollar-menu-gifts"],
    ]) {
      await page.goto(start!);
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/de/user/gifts");
      await page.getByTestId(link!).click();
      expect((await answer).status()).toBe(200);
      await expect(page).toHaveURL(/\/de\/user\/gifts$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Geschenke");
    }
    await page.goto("/de/user");
    await page.getByTestId("settings-dollar-link").click();
    await expect(page).toHaveURL(/\/de\/user\/dollar$/);
    await page.screenshot({ path: testInfo.outputPath("dollar-menu-390.png") });

    // The notification settings have the "Dollar" row, on in every channel for a member who never chose.
    await page.goto("/de/user/notifications");
    for (const channel of ["email", "push", "bar"]) await expect(page.locator(`input[name="dollars.${channel}"]`)).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath("notification-settings-390.png"), fullPage: true });
  });

  test("auto recharge only while plus renews: disabled with the reason before, saved while it renews, disabled after the cancellation", async ({
    page,
    request,
    clientIp,
  }, testInfo) => {
    await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
    const checkbox = page.getByRole("checkbox", { name: "Automatisch aufladen" });

    // No plus: shown, disabled, with why; a hand-made "on" is refused at its field, never a 5xx.
    await page.goto("/de/user/dollar");
    await expect(page.getByTestId("recharge-unavailable")).toHaveAttribute("data-reason", "no_renewing_plus");
    await expect(checkbox).toBeDisabled();
    await page.locator("#auto-recharge").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("recharge-no-plus-390.png") });
    const origin = new URL(page.url()).origin;
    const refused = await page.request.post("/de/user/dollar?index", {
      form: { intent: "auto_recharge", enabled: "on", sku: "dollars-100" },
      headers: { origin },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toMatch(
      /id="field-enabled-error"[^>]*>(<span[^>]*><\/span>)?Automatisch aufladen gibt es nur mit einer Plus-Mitgliedschaft, die sich verlängert/,
    );

    // A renewing plus contract through the checkout: now it can be turned on, and it stays on.
    await buyRenewingPlus(page);
    await page.goto("/de/user/dollar");
    await expect(page.getByTestId("recharge-unavailable")).toHaveCount(0);
    await checkbox.check();
    await page.getByTestId("recharge-save").click();
    await expect(page.getByTestId("settings-notice")).toHaveText("Gespeichert.");
    await expect(checkbox).toBeChecked();

    // Cancelled: plus runs to its end, but auto recharge is shown off and disabled, with the reason.
    await page.goto("/de/user/membership");
    await page.getByTestId("plus-cancel").click();
    await page.getByTestId("plus-cancel-submit").click();
    await expect(page).toHaveURL(/\/de\/user\/membership\?done=cancelled$/);
    await page.goto("/de/user/dollar");
    await expect(page.getByTestId("recharge-unavailable")).toHaveAttribute("data-reason", "renewal_cancelled");
    await expect(page.getByTestId("recharge-unavailable")).toContainText("verlängert sich nicht mehr");
    await expect(checkbox).toBeDisabled();
    await expect(checkbox).not.toBeChecked();
    await page.locator("#auto-recharge").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("recharge-cancelled-390.png") });
    // It can still be switched off for good (the terms: at any time): the disabled box posts nothing.
    await page.getByTestId("recharge-save").click();
    await expect(page.getByTestId("settings-notice")).toHaveText("Gespeichert.");
    await page.goto("/de/user/membership");
    await page.getByTestId("plus-undo").click();
    await page.goto("/de/user/dollar");
    await expect(checkbox).toBeEnabled();
    await expect(checkbox).not.toBeChecked();
  });
});

/** The 1-month client plus (renewing) through the checkout and the fake provider's success. */
async function buyRenewingPlus(page: Page) {
  await page.goto("/de/buy?goods=membership&sku=plus_client_1m");
  await checkoutToOverview(page, "plus_client_1m");
  await expect(page.getByTestId("confirm-terms")).toContainText("verlängert sich");
  await page.getByRole("button", { name: "zahlungspflichtig bestellen" }).click();
  await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
  await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "success");
}
