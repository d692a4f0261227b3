import { expect, listedClient, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 12 item 7 in the browser, without JavaScript: a friend request reaches the other member's bell and
 * my_notification; they open the bell (details/summary), mark the notification read and unread, mark all read.
 */

test("a friend request shows in the other member's bell and on my_notification, read and unread without JavaScript", async ({
  page,
  request,
  clientIp,
  browser,
}, testInfo) => {
  const anna = await listedClient(request, clientIp, 2);
  const ben = await listedClient(request, clientIp, 1);

  const benPage = await noJsMemberPage(browser, clientIp, ben);
  await benPage.goto("/de/my_notification");
  await expect(benPage.getByTestId("notifications-empty")).toContainText("Noch keine Benachrichtigungen.");
  await expect(benPage.getByTestId("notification-count")).toHaveCount(0);
  await benPage.screenshot({ path: testInfo.outputPath("my-notification-empty-390.png"), fullPage: true });
  // Unknown parameters are refused; a guest goes to the login.
  expect((await benPage.request.get("/de/my_notification?filter=starred")).status()).toBe(400);
  expect((await request.get("/de/my_notification", { maxRedirects: 0 })).status()).toBe(302);

  await logIn(page, anna, SIGN_UP_PASSWORD);
  await page.goto(`/de/p/${ben}`);
  await page.getByTestId("friend-action").getByRole("button", { name: "Freundschaftsanfrage senden" }).click();
  await expect(page.getByTestId("profile-action-done")).toContainText("Deine Freundschaftsanfrage an");

  // Ben's bell: the request and Anna's visit of his profile (visitors are in the bar by default; without plus
  // the visitor is "someone"). The dropdown opens without JavaScript (details/summary).
  await benPage.goto("/de/my_dashboard");
  const bell = benPage.getByTestId("notification-bell");
  await expect(bell.getByTestId("notification-count")).toHaveText("2");
  await bell.locator("summary").click();
  const items = bell.getByTestId("bell-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("möchte mit dir befreundet sein");
  await expect(items.nth(1)).toContainText("Jemand hat dein Profil besucht");
  await expect(items.first()).toHaveAttribute("data-unread", "1");
  // Both are unread; only the newest is highlighted (the bell highlights one).
  await expect(items.nth(1)).toHaveAttribute("data-unread", "1");
  await expect(bell.locator("[data-testid=bell-item][data-highlighted]")).toHaveCount(1);
  await expect(items.first()).toHaveAttribute("data-highlighted", "1");
  await benPage.screenshot({ path: testInfo.outputPath("bell-open-390.png") });
  await bell.getByTestId("bell-see-all").click();
  await expect(benPage).toHaveURL(/\/de\/my_notification$/);

  const entry = benPage.locator("[data-testid=notification][data-event=friend_request]");
  await expect(benPage.getByTestId("notification")).toHaveCount(2);
  await expect(entry).toHaveAttribute("data-unread", "1");
  await expect(entry).toContainText("möchte mit dir befreundet sein");
  await benPage.screenshot({ path: testInfo.outputPath("my-notification-unread-390.png"), fullPage: true });
  await entry.getByRole("button", { name: "Als gelesen markieren" }).click();
  await expect(benPage.getByTestId("notifications-done")).toHaveText("Als gelesen markiert.");
  await expect(entry).toHaveAttribute("data-unread", "0");
  await expect(benPage.getByTestId("notification-count")).toHaveText("1");
  // Read ones go below the unread.
  await expect(benPage.getByTestId("notification").last()).toHaveAttribute("data-event", "friend_request");
  await entry.getByRole("button", { name: "Als ungelesen markieren" }).click();
  await expect(entry).toHaveAttribute("data-unread", "1");
  await expect(benPage.getByTestId("notification-count")).toHaveText("2");
  await benPage.getByTestId("read-all").click();
  await expect(benPage.getByTestId("notifications-done")).toHaveText("Alle als gelesen markiert.");
  await expect(benPage.locator("[data-testid=notification][data-unread='1']")).toHaveCount(0);
  await expect(benPage.getByTestId("notification-count")).toHaveCount(0);
  // The line leads to the request on user/friends.
  await entry.getByRole("link", { name: /möchte mit dir befreundet sein/ }).click();
  await expect(benPage).toHaveURL(/\/de\/user\/friends\?tab=received$/);
  // Another member's notification id is refused at the form (404), not a crash.
  const forged = await page.request.post("/de/my_notification", { form: { intent: "read", id: "999999999" } });
  expect(forged.status()).toBe(404);
  expect(await forged.text()).toContain("Diese Benachrichtigung gibt es nicht (mehr).");
});
