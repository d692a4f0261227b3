/**
 * The contact limit where a member writes (issue 32 item 8): before a first message the compose area says how many
 * first contacts are left today, as GET /user/contact-limit counts them — without JavaScript.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, listedClient, noJsMemberPage, test } from "./fixtures";

/** Signed in without JavaScript, the address verified through the dev mailbox (writing needs it). */
async function verifiedMemberPage(browser: Browser, clientIp: string, username: string): Promise<Page> {
  const page = await noJsMemberPage(browser, clientIp, username);
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
  await page.goto(link!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
  return page;
}

test("a basic member sees the first contacts left above the compose field, one fewer after writing", async ({
  browser,
  request,
  clientIp,
}) => {
  const writer = await listedClient(request, clientIp, 2);
  const first = await listedClient(request, clientIp, 1);
  const second = await listedClient(request, clientIp, 1);
  const page = await verifiedMemberPage(browser, clientIp, writer);
  await page.goto(`/de/messenger/${first}`);
  await expect(page.getByTestId("contact-limit")).toHaveText("Erstkontakte heute: noch 3 von 3");
  await page.screenshot({ path: "test-results/shots/contact-limit-line.png", fullPage: true });
  await page.getByLabel(/^Nachricht an/).fill("Hallo, hast du am Freitag Zeit?");
  await page.getByTestId("compose-send").click();
  // Inside the conversation now: no first contact, no line.
  await expect(page.getByText("Hallo, hast du am Freitag Zeit?")).toBeVisible();
  await expect(page.getByTestId("contact-limit")).toHaveCount(0);
  await page.goto(`/de/messenger/${second}`);
  await expect(page.getByTestId("contact-limit")).toContainText("Erstkontakte heute: noch 2 von 3");
  await expect(page.getByTestId("contact-limit")).toContainText("der nächste wird am");
});
