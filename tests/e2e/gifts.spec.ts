/**
 * Gifts, token rewards and the share page (issue 27 item 4, ADR 085) without JavaScript at 390 px: a fresh client buys
 * 100 dollars through the checkout and the fake provider, gives 10 to another fresh member with one confirmation
 * (a refused post first: oneself), and the receiver sees the gift; the rewards page lists every reward with its
 * state and the way to it; the share page shows the member's invite link under the brand's name. Screenshots in
 * the test's output folder (gifts-*-390.png). Every test uses fresh members: no demo account's money changes.
 */
import { buyDollars, expect, listedClient, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

test("a client with dollars gives 10 to another member with one confirmation, and the receiver sees it", async ({
  page,
  browser,
  request,
  clientIp,
}, testInfo) => {
  const sender = await listedClient(request, clientIp, 1);
  const receiver = await listedClient(request, clientIp, 2);
  await logIn(page, sender, SIGN_UP_PASSWORD);
  await buyDollars(page);

  await page.goto("/de/user/gifts");
  await expect(page.getByTestId("gifts-balance")).toContainText("100");
  await expect(page.getByTestId("gifts-received")).toContainText("noch keine Geschenke");
  await page.screenshot({ path: testInfo.outputPath("gifts-empty-390.png"), fullPage: true });

  // Oneself: refused at the username field after the confirmation, the rest of the input kept.
  const form = page.getByTestId("gift-form");
  await form.getByLabel("Benutzername").fill(sender);
  await form.getByLabel("Betrag in Dollar").fill("10");
  await page.getByTestId("gift-review").click();
  await page.getByTestId("gift-confirm-submit").click();
  await expect(page.locator("#gift-username-error")).toContainText("selbst");
  await expect(page.getByTestId("gift-form").getByLabel("Betrag in Dollar")).toHaveValue("10");
  await page.screenshot({ path: testInfo.outputPath("gifts-refused-390.png"), fullPage: true });

  await page.getByTestId("gift-form").getByLabel("Benutzername").fill(receiver);
  await page.getByTestId("gift-form").getByLabel("Nachricht (optional)").fill("Für dich!");
  await page.getByTestId("gift-review").click();
  const confirm = page.getByTestId("gift-confirm");
  await expect(confirm).toContainText(receiver);
  await expect(confirm).toContainText("90");
  await page.screenshot({ path: testInfo.outputPath("gifts-confirm-390.png"), fullPage: true });
  await page.getByTestId("gift-confirm-submit").click();
  await expect(page.getByTestId("gift-done")).toBeVisible();
  await expect(page.getByTestId("gifts-balance")).toContainText("90");
  await expect(page.getByTestId("gifts-sent").getByTestId("gift-item")).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("gifts-sent-390.png"), fullPage: true });

  const other = await noJsMemberPage(browser, clientIp, receiver);
  await other.goto("/de/user/gifts");
  const received = other.getByTestId("gifts-received").getByTestId("gift-item");
  await expect(received).toHaveCount(1);
  await expect(received).toContainText("10");
  await expect(received).toContainText("Für dich!");
  await expect(other.getByTestId("gifts-balance")).toContainText("10");
  await expect(received.getByTestId("gift-return")).toBeVisible();
  await other.screenshot({ path: testInfo.outputPath("gifts-received-390.png"), fullPage: true });
  await other.context().close();
});

test("the rewards page lists each reward, its dollars, whether it is done and how to do it", async ({
  page,
  request,
  clientIp,
}, testInfo) => {
  const member = await listedClient(request, clientIp, 1);
  await logIn(page, member, SIGN_UP_PASSWORD);
  await page.goto("/de/user/token_rewards");
  await expect(page.getByRole("heading", { name: "Dollar-Belohnungen" })).toBeVisible();
  for (const kind of ["email_verified", "first_review", "invite_verified"]) {
    await expect(page.getByTestId(`reward-${kind}`)).toContainText("Noch offen");
  }
  await expect(page.getByTestId("reward-invite_verified").getByRole("link")).toHaveAttribute("href", "/de/user/share_kaufmich");
  await page.screenshot({ path: testInfo.outputPath("gifts-rewards-390.png"), fullPage: true });
});

test("the share page shows the member's invite link under the brand's name and what it brought", async ({
  page,
  request,
  clientIp,
}, testInfo) => {
  const member = await listedClient(request, clientIp, 2);
  await logIn(page, member, SIGN_UP_PASSWORD);
  await page.goto("/de/user/share_kaufmich");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("teilen");
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(/\/de\/invitation-code\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("share-signed-up")).toHaveText("0");
  await page.screenshot({ path: testInfo.outputPath("gifts-share-390.png"), fullPage: true });
  // The same code on every visit.
  await page.reload();
  expect(await page.getByTestId("share-link").inputValue()).toBe(link);
});
