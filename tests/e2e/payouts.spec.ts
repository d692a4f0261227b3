/**
 * Issue 27 items 5–7 in the browser without JavaScript, on the clock server (playwright project "clock"): a fresh
 * client buys dollars through the checkout and tips a fresh escort 150 through her profile's tip form, the
 * confirmation and the result; she sees the tip in probation, sets her secure code and IBAN, and after the probation
 * (the server's clock moved on) requests a payout through the flow's pages; the back office approves it into a
 * pain.001 file, downloads it and marks it sent; she confirms having seen it. Her bank returns the transfer: the back
 * office imports the camt.054 and the payout is booked back by itself (ADR 091).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { camt054v8TransferReturns } from "../server/bank/camt-samples";
import { buyDollars, DEMO, expect, listedClient, logIn, noJsMemberPage, SIGN_UP_PASSWORD, signUp, test } from "./fixtures";
import { signAgreementByApi, verifyIdentityAndAge } from "./kyc-fixtures";

const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));

const CODE = "271828";

async function tokenOf(request: APIRequestContext, clientIp: string, username: string): Promise<string> {
  const login = await request.post("/oauth/v2/token", {
    headers: { "x-forwarded-for": clientIp },
    form: { grant_type: "password", username, password: SIGN_UP_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** A fresh escort through sign-up and every registration step (by the API), so her member pages open. */
async function newEscort(request: APIRequestContext, clientIp: string): Promise<string> {
  const username = await signUp(request, clientIp, "escort", 2);
  const auth = {
    "x-forwarded-for": clientIp,
    "accept-language": "de",
    authorization: `Bearer ${await tokenOf(request, clientIp, username)}`,
  };
  const upload = await request.post("/api/v2/media/upload", {
    headers: auth,
    multipart: { files: { name: "photo.jpg", mimeType: "image/jpeg", buffer: readFileSync(PHOTO) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  for (const [path, data] of [
    ["photo", {}],
    ["profile", { relationship_status: 1, city: "Leipzig" }],
    ["appearance", { height: 168, weight: 58 }],
    ["services", { escort_service: [101], meeting_option: [1], prices: { price_60_mins: 200 } }],
    ["availability", { schedule: [{ day: 5, time_from: "18:00", time_to: "23:00" }] }],
  ] as const) {
    const response = await request.put(`/api/v2/registration/${path}`, { headers: auth, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  }
  return username;
}

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill("demo_backend");
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  return page;
}

test("an escort's tip frees after probation and is paid out through the flow; the back office approves and downloads the file", async ({
  page,
  request,
  browser,
  clientIp,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string, on: Page = page) => on.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  const escort = await newEscort(request, clientIp);
  // KYC for payouts (ADR 109; tests/e2e/kyc.spec.ts shows its pages): done before she earns, on the clock server.
  verifyIdentityAndAge(escort, Number(process.env.E2E_PORT ?? 3300) + 1);
  await signAgreementByApi(request, clientIp, escort, "Lotte Leipzig");
  // Her earning: a fresh client buys 250 dollars and tips her 150 on her profile (no JavaScript: the confirmation page).
  const client = await noJsMemberPage(browser, clientIp, await listedClient(request, clientIp, 1));
  await buyDollars(client, "dollars-250");
  await client.goto(`/de/p/${escort}`);
  await client.getByTestId("tip-section").getByTestId("tip-amount-150").click();
  await expect(client.getByTestId("tip-price")).toHaveText("150 Dollar");
  await client.getByTestId("tip-pay").click();
  await expect(client.getByTestId("tip-result")).toHaveAttribute("data-status", "succeeded");
  await client.context().close();

  await logIn(page, escort, SIGN_UP_PASSWORD);
  await page.goto("/de/user/dollar/payout");
  await expect(page.getByTestId("payout-start")).toHaveAttribute("data-step", "probation");
  await expect(page.getByTestId("payout-probation")).toContainText("150");
  await expect(page.getByTestId("payout-history")).toContainText("noch keine Auszahlung");
  await shot("payouts-probation");

  // The secure code: two different entries are refused next to the field, the input's digits are not kept.
  await page.getByRole("link", { name: "Sicherheitscode festlegen" }).click();
  await page.getByLabel("Neuer Code").fill(CODE);
  await page.getByLabel("Code wiederholen").fill("000000");
  await page.getByRole("button", { name: "Code speichern" }).click();
  await expect(page.locator('[data-field-error="code_confirm"]')).toContainText("stimmen nicht überein");
  await page.getByLabel("Neuer Code").fill(CODE);
  await page.getByLabel("Code wiederholen").fill(CODE);
  await page.getByRole("button", { name: "Code speichern" }).click();
  await expect(page.getByTestId("payout-notice")).toContainText("gespeichert");
  await shot("payouts-secure-code");

  // The bank account: a wrong check digit is named at the IBAN, then the valid one is saved (and blocks 48 hours).
  await page.goto("/de/user/dollar/payout/bank");
  await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
  await page.getByLabel("Kontoinhaber*in").fill("Lena Schröder");
  await page.getByLabel("Sicherheitscode").fill(CODE);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.locator('[data-field-error="iban"]')).toContainText("Prüfziffern");
  await expect(page.getByLabel("Kontoinhaber*in")).toHaveValue("Lena Schröder");
  await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
  await page.getByLabel("Sicherheitscode").fill(CODE);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByTestId("payout-notice")).toContainText("gespeichert");
  await expect(page.getByTestId("bank-current")).toContainText("DE89 •••• 3000");
  await shot("payouts-bank");

  // Fourteen days and a bit later the earning is available (the release job on the server's next poll).
  const moved = await request.post("/api/v2/dev/clock", { data: { minutes: 14 * 24 * 60 + 90 } });
  expect(moved.status()).toBe(200);
  await logIn(page, escort, SIGN_UP_PASSWORD);
  await expect(async () => {
    await page.goto("/de/user/dollar/payout");
    await expect(page.getByTestId("payout-begin")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId("payout-start")).toHaveAttribute("data-step", "start");
  await shot("payouts-start");

  await page.getByTestId("payout-begin").click();
  await expect(page.getByTestId("payout-edit")).toBeVisible();
  await expect(page.getByLabel("Betrag in Dollar")).toHaveValue("150");
  await page.getByLabel("Betrag in Dollar").fill("99");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.locator('[data-field-error="amount"]')).toContainText("ab 100 Dollar");
  await shot("payouts-edit");
  await page.getByLabel("Betrag in Dollar").fill("150");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByTestId("payout-submit")).toBeVisible();
  await expect(page.getByTestId("payout-summary-amount")).toContainText("150");
  await page.getByLabel("Sicherheitscode").fill("123456");
  await page.getByRole("button", { name: "Auszahlung beantragen" }).click();
  await expect(page.locator('[data-field-error="secure_code"]')).toContainText("Noch 4 Versuche");
  await shot("payouts-submit");
  await page.getByLabel("Sicherheitscode").fill(CODE);
  await page.getByRole("button", { name: "Auszahlung beantragen" }).click();
  await expect(page.getByTestId("payout-success")).toContainText("150 Dollar (15 €)");
  await shot("payouts-success");

  // The back office approves her payout into a pain.001 file, downloads it and marks it sent.
  const staff = await staffPage(browser);
  await staff.goto("/de/backoffice/payouts");
  const row = staff.locator("tr", { hasText: escort });
  await row.getByRole("checkbox").check();
  await staff.getByTestId("payouts-approve").click();
  await expect(staff.getByTestId("payouts-done")).toContainText("Freigegeben");
  const batch = staff.locator('[data-new="1"]');
  const href = await batch.getByTestId("payout-batch-file").getAttribute("href");
  const file = await staff.request.get(href!);
  expect(file.status()).toBe(200);
  const xml = await file.text();
  expect(xml).toContain("urn:iso:std:iso:20022:tech:xsd:pain.001");
  expect(xml).toContain("DE89370400440532013000");
  expect(xml).toContain("Lena Schroeder");
  await shot("backoffice-payouts", staff);
  await batch.getByTestId("payout-batch-sent").click();
  await expect(staff.getByTestId("payouts-done")).toContainText("gesendet");
  await staff.context().close();

  // She sees it paid out, and confirms having seen it.
  await page.goto("/de/user/dollar/payout");
  await expect(page.getByTestId("payout-history")).toContainText("Ausgezahlt");
  await page.getByTestId("payout-confirm").click();
  await expect(page.getByTestId("payout-notice")).toContainText("gesehen");
  await expect(page.getByTestId("payout-confirm")).toHaveCount(0);
  await shot("payouts-history");

  // Her bank sends the transfer back (account closed): the back office imports the bank's camt.054, which books it by
  // the end-to-end id of the file's transfer (ADR 091); the payout failed and her 150 dollars are available again.
  const endToEndId = /<EndToEndId>([^<]+)<\/EndToEndId>/.exec(xml)?.[1] ?? "";
  expect(endToEndId).toMatch(/^VLRPO/);
  const office = await staffPage(browser);
  await office.goto("/de/backoffice/bank/import");
  await office.getByLabel("Datei").setInputFiles({
    name: "camt054.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(
      camt054v8TransferReturns(`NTF-${endToEndId}`, [{ ref: `RET-${endToEndId}`, amount: "15.00", endToEndId, reason: "AC04" }]),
    ),
  });
  await office.getByRole("button", { name: "Einlesen" }).click();
  await expect(office.getByTestId("import-done")).toContainText("1 Auszahlung zurückgekommen und gebucht");
  await shot("backoffice-bank-payout-returned", office);
  await office.context().close();
  await page.goto("/de/user/dollar/payout");
  await expect(page.getByTestId("payout-history")).toContainText("Fehlgeschlagen");
  await expect(page.getByTestId("payout-available")).toContainText("150");
  await shot("payouts-returned");
});
