/**
 * set_price (issue 32 item 9, ADR 138) without JavaScript on a phone: an escort sets her main prices in one short
 * form, a bad price is refused at its field with her other input kept, the saved prices show in the page's money
 * format and feed the full service-price list; a client gets a friendly page, a guest the login.
 */
import { expect, listedClient, listedEscortIn, noJsMemberPage, test } from "./fixtures";

test("an escort sets her prices; a bad one is refused at its field; the full list has them", async ({
  page,
  browser,
  request,
  clientIp,
}) => {
  const escort = await listedEscortIn(request, clientIp, "Münster");
  const member = await noJsMemberPage(browser, clientIp, escort);
  await member.goto("/de/my_dashboard");
  await member.getByTestId("dashboard-set-price").click();
  await expect(member).toHaveURL(/\/de\/set_price$/);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Preise festlegen");
  // Registration saved 200 € for the hour: shown in German money format.
  await expect(member.getByTestId("set-price-now")).toContainText("1 Stunde: 200 €");
  await expect(member.getByLabel("1 Stunde (€)")).toHaveValue("200");

  await member.getByLabel("30 Minuten (€)").fill("120");
  await member.getByLabel("1 Stunde (€)").fill("100001");
  await member.getByRole("button", { name: "Speichern" }).click();
  await expect(member.locator("#field-price-60-error")).toHaveText(/Nur Werte von 1 bis 100\.?000/);
  await expect(member.getByLabel("30 Minuten (€)")).toHaveValue("120");
  await expect(member.getByLabel("1 Stunde (€)")).toHaveValue("100001");

  await member.getByLabel("1 Stunde (€)").fill("1500");
  await member.getByLabel("Übernachtung (12 Stunden) (€)").fill("2000");
  await member.getByRole("button", { name: "Speichern" }).click();
  await expect(member).toHaveURL(/\/de\/set_price\?saved=1$/);
  await expect(member.getByTestId("settings-notice")).toBeVisible();
  await expect(member.getByTestId("set-price-now")).toContainText("1 Stunde: 1.500 €");
  await expect(member.getByTestId("set-price-now")).toContainText("30 Minuten: 120 €");
  await member.screenshot({ path: "test-results/screens/set-price-390.png", fullPage: true });

  // One source of truth: the full list shows what the quick form saved.
  await member.getByTestId("set-price-full-list").click();
  await expect(member).toHaveURL(/\/de\/user\/service_prices$/);
  await expect(member.locator("#field-price-60")).toHaveValue("1500");
  await expect(member.locator("#field-price-720")).toHaveValue("2000");

  // English money format on the same page.
  await member.goto("/en/set_price");
  await expect(member.getByTestId("set-price-now")).toContainText("1 hour: €1,500");
  await member.context().close();

  // A guest goes to the login, and comes back after it.
  await page.goto("/de/set_price");
  await expect(page).toHaveURL(/\/de\/login\?r=%2Fde%2Fset_price$/);
});

test("a client gets a page that says prices are not for her account", async ({ browser, request, clientIp }) => {
  const client = await listedClient(request, clientIp, 1);
  const member = await noJsMemberPage(browser, clientIp, client);
  const answer = await member.goto("/de/set_price");
  expect(answer?.status()).toBe(403);
  await expect(member.getByTestId("set-price-not-priced")).toContainText("Preise legen Escorts und Agenturen fest");
  await expect(member.getByRole("link", { name: "Zu meinem Bereich" })).toBeVisible();
  await member.screenshot({ path: "test-results/screens/set-price-client-390.png", fullPage: true });
  await member.context().close();
});
