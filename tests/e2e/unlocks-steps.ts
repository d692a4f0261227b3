/** The steps the unlock specs share (issue 27 item 3, ADR 083): a verified member, 100 dollars, the day's first contacts. */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, noJsMemberPage, SIGN_UP_PASSWORD } from "./fixtures";

/** A signed-in browser without JavaScript whose e-mail address is verified through the dev mailbox (sending needs it). */
export async function memberPage(browser: Browser, clientIp: string, username: string): Promise<Page> {
  const page = await noJsMemberPage(browser, clientIp, username);
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
  await page.goto(link!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
  return page;
}

/** The member's first contacts of the day, sent through the API under their own token. */
export async function useUpFirstContacts(request: APIRequestContext, clientIp: string, username: string, others: string[]) {
  const headers = { "x-forwarded-for": clientIp, "accept-language": "de" };
  const login = await request.post("/oauth/v2/token", { headers, form: { grant_type: "password", username, password: SIGN_UP_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  for (const other of others) {
    const sent = await request.post(`/api/v2/messenger/send/${other}`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
      data: { body: "Hallo, ich bin neu hier." },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
}
