/**
 * Going live in the e2e specs (issue 31): one way to make a creator who may stream and to announce or start a stream
 * through the no-JavaScript start form, shared by the live specs and the newsfeed's live spec.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { withE2eDb } from "./kyc-fixtures";
import { expect, listedEscortIn, noJsMemberPage } from "./fixtures";

/** Tomorrow at 20:00 as a datetime-local value. */
export function tomorrowEvening(): string {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return `${day.toISOString().slice(0, 10)}T20:00`;
}

/** Going live publishes, like a post: it needs a verified address (ADR 024), confirmed through the dev mailbox. */
export async function verifyEmail(page: Page, username: string): Promise<void> {
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  await page.goto((await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href"))!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
}

/** The address verified in the e2e database, as the mailbox link would leave it (for specs that do not test it). */
export function verifyEmailOf(username: string): void {
  withE2eDb((db) => db.prepare("UPDATE users SET email_verified_at = ? WHERE username = ?").run(Date.now(), username));
}

/** A fresh listed escort in `city` with a verified address, signed in on a page without JavaScript. */
export async function noJsCreator(
  browser: Browser,
  request: APIRequestContext,
  clientIp: string,
  city: string,
): Promise<{ username: string; page: Page }> {
  const username = await listedEscortIn(request, clientIp, city);
  const page = await noJsMemberPage(browser, clientIp, username);
  await verifyEmail(page, username);
  return { username, page };
}

/** A new stream from the start form, on air now or announced for tomorrow evening; its id (from the creator's list). */
export async function startStream(creator: Page, title: string, when: "now" | "schedule"): Promise<number> {
  await creator.goto("/de/live/start");
  await creator.getByLabel("Titel").fill(title);
  await creator.getByLabel("Start", { exact: true }).selectOption(when);
  if (when === "schedule") await creator.getByLabel(/Geplanter Beginn/).fill(tomorrowEvening());
  await creator.getByTestId("live-start-submit").click();
  await creator.goto("/de/live/start");
  const href = await creator.getByTestId("live-mine").getByRole("link", { name: title }).getAttribute("href");
  return Number(/\/live\/(\d+)$/.exec(href ?? "")?.[1]);
}
