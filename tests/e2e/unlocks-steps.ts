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

/** 100 dollars through the real checkout: the dollar good's base package, paid on the fake provider's page. */
export async function buyHundredDollars(page: Page) {
  await page.goto("/de/buy?goods=dollar&sku=dollars-100");
  for (let step = 0; step < 8 && !/\/de\/buy\/confirm\?order=/.test(page.url()); step++) {
    const name = page.getByLabel("Vor- und Nachname *");
    if ((await name.count()) > 0 && (await name.inputValue()) === "") {
      await name.fill("Erika Mustermann");
      await page.getByLabel("Straße und Hausnummer *").fill("Hauptstr. 1");
      await page.getByLabel("PLZ *").fill("10115");
      await page.getByLabel("Ort *").fill("Berlin");
      await page.getByLabel("E-Mail für die Rechnung *").fill("erika@example.test");
    }
    const card = page.getByLabel(/Kreditkarte/);
    if ((await card.count()) > 0) await card.check();
    const next = page.getByRole("button", { name: /^Weiter/ }).first();
    await next.click();
  }
  await expect(page).toHaveURL(/\/de\/buy\/confirm\?order=/);
  // Dollars are digital content: the checkout asks for the consent to deliver them at once.
  const consents = page.locator('input[type="checkbox"]');
  for (let i = 0; i < (await consents.count()); i++) await consents.nth(i).check();
  await page.getByRole("button", { name: "zahlungspflichtig bestellen" }).click();
  await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
  await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "success");
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
