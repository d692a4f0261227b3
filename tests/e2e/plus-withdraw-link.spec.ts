/**
 * The EU withdrawal function used while logged out (issue 26 left, item 2; ADR 088), without JavaScript on a phone: a
 * fresh client buys plus with the fake provider, signs out, declares the withdrawal with the account's address, and
 * the receipt says it waits for the link; the dev mailbox has the link; opening it shows one button, and confirming
 * makes it take effect (the end date and the refund on the page). The link works once.
 */
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

test("a withdrawal without login takes effect by the link mailed to the contract owner", async ({ page, request, clientIp }, testInfo) => {
  const shot = (name: string) => ({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  const username = await listedClient(request, clientIp, 1);
  const email = `${username}@example.test`;
  await logIn(page, username, SIGN_UP_PASSWORD);

  // Plus bought through the checkout's steps and paid on the fake provider's page.
  await page.goto("/de/buy?goods=membership");
  await page.locator('input[name="sku"]').first().check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByLabel("Vor- und Nachname *").fill("Erika Mustermann");
  await page.getByLabel("Straße und Hausnummer *").fill("Hauptstr. 1");
  await page.getByLabel("PLZ *").fill("10115");
  await page.getByLabel("Ort *").fill("Berlin");
  await page.getByLabel("E-Mail für die Rechnung *").fill(email);
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByLabel(/Kreditkarte/).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
  await page.getByRole("button", { name: "zahlungspflichtig bestellen" }).click();
  await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
  await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "success");

  // Signed out, the withdrawal is declared with the account's address: recorded, waiting for the owner.
  await page.context().clearCookies();
  await page.goto("/de/contracts/withdraw");
  await page.getByLabel("Dein Name").fill("Erika Mustermann");
  await page.getByLabel("E-Mail-Adresse deines Kontos").fill(email);
  await page.getByRole("button", { name: "Widerruf bestätigen" }).click();
  await expect(page).toHaveURL(/\/de\/contracts\/receipt\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("receipt-end")).toContainText("Bestätigungslink");
  await page.screenshot(shot("withdraw-pending"));

  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = await page.locator('[data-mail="plus_withdrawal_confirm"] [data-mail-link]').first().getAttribute("href");
  expect(link).toMatch(/\/de\/contracts\/withdraw\/confirm\/[A-Za-z0-9_-]{43}$/);

  // Opening the link changes nothing yet (a mail scanner may open it); the button does.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Widerruf bestätigen");
  await page.screenshot(shot("withdraw-confirm"));
  await page.getByRole("button", { name: "Widerruf jetzt bestätigen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dein Widerruf ist wirksam");
  await expect(page.getByTestId("receipt-end")).toContainText("Dein Vertrag endet am");
  await expect(page.getByTestId("contract-receipt")).toContainText("Erstattung:");
  await page.screenshot(shot("withdraw-confirmed"));

  // The receipt came by mail, and the link is used up.
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.locator('[data-mail="plus_withdrawal"]').first()).toContainText("widerrufen");
  await page.goto(link!);
  await page.getByRole("button", { name: "Widerruf jetzt bestätigen" }).click();
  await expect(page.getByTestId("withdraw-confirm-gone")).toContainText("abgelaufen oder wurde schon benutzt");
  await page.screenshot(shot("withdraw-link-gone"));

  // Plus has ended: the member's page offers the packages again.
  await logIn(page, username, SIGN_UP_PASSWORD);
  await page.goto("/de/user/membership");
  await expect(page.getByTestId("plus-packages")).toBeVisible();
});
