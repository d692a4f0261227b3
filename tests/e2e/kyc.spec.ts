/**
 * KYC for payouts (issue 30 item 3, ADR 109) in the browser without JavaScript on a phone (390 px): a fresh escort in
 * Mainz finds the payout check from the payout page, sees which steps are done, is refused a signature without her
 * name and the confirmation (errors at the fields, the name kept), signs the creator agreement and sees the check
 * complete. A second escort's screening hits: backend staff clear it in backoffice/kyc, the team gets a 404 there.
 * The fsk18 photos filter of the escort search is offered only once the viewer's age verification is open in this
 * session. The identity check and the age verification are written into the e2e server's database (their own flows
 * have their own specs: the webcam/ID upload and the provider's hosted page would only repeat them here).
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { signAgreementByApi, verifyIdentityAndAge, withE2eDb } from "./kyc-fixtures";

const SHOTS = "test-results/shots";

/** The member's newest login session has entered the age-check PIN (the closed user group is open in it). */
function openAgeSession(username: string): void {
  withE2eDb((db) => {
    const { id } = db.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number };
    const { family_id: family } = db.prepare("SELECT family_id FROM access_tokens WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(id) as {
      family_id: string;
    };
    db.prepare("INSERT INTO age_verification_sessions (family_id, user_id, authenticated_at) VALUES (?, ?, ?)").run(family, id, Date.now());
  });
}

async function staffPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  return page;
}

test("an escort signs the creator agreement and sees her payout check complete", async ({ page, request, clientIp }) => {
  const escort = await listedEscortIn(request, clientIp, "Mainz");
  verifyIdentityAndAge(escort);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await logIn(page, escort, SIGN_UP_PASSWORD);

  // The payout page names the check as a requirement and leads to it.
  await page.goto("/de/user/dollar/payout");
  await page.getByTestId("payout-requirement-kyc").getByRole("link", { name: "Prüfung für Auszahlungen (KYC) abschließen" }).click();
  await expect(page).toHaveURL(/\/de\/user\/kyc$/);
  await expect(page.getByTestId("kyc-state")).toHaveAttribute("data-state", "missing");
  await expect(page.getByTestId("kyc-step-idv")).toHaveAttribute("data-state", "done");
  await expect(page.getByTestId("kyc-step-age")).toHaveAttribute("data-state", "done");
  await expect(page.getByTestId("kyc-step-esign")).toHaveAttribute("data-state", "missing");
  await expect(page.getByTestId("kyc-step-aml")).toHaveAttribute("data-state", "missing");
  await page.screenshot({ path: `${SHOTS}/kyc-page-missing.png`, fullPage: true });

  await page.getByTestId("kyc-do-esign").click();
  await expect(page).toHaveURL(/\/de\/user\/kyc\/agreement$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vereinbarung für Creator-Auszahlungen");
  await expect(page.getByTestId("kyc-agreement-text")).toContainText("Sanktions- und Geldwäschelisten");
  await page.screenshot({ path: `${SHOTS}/kyc-agreement.png`, fullPage: true });

  // Neither name nor confirmation: both errors at their fields.
  await page.getByTestId("kyc-sign").click();
  await expect(page.locator("#field-full_name-error")).toHaveText("Gib deinen vollständigen Namen ein.");
  await expect(page.locator("#field-confirm-error")).toHaveText("Bestätige, dass du die Vereinbarung gelesen hast und ihr zustimmst.");
  // The name without the confirmation: the name is kept.
  await page.getByLabel("Dein vollständiger Name").fill("Mia Mainzer");
  await page.getByTestId("kyc-sign").click();
  await expect(page.locator("#field-confirm-error")).toHaveText("Bestätige, dass du die Vereinbarung gelesen hast und ihr zustimmst.");
  await expect(page.getByLabel("Dein vollständiger Name")).toHaveValue("Mia Mainzer");
  await page.screenshot({ path: `${SHOTS}/kyc-agreement-refused.png`, fullPage: true });

  await page.getByLabel("Ich habe die Vereinbarung gelesen und stimme ihr zu.").check();
  await page.getByTestId("kyc-sign").click();
  await expect(page).toHaveURL(/\/de\/user\/kyc\?done=signed$/);
  await expect(page.getByTestId("kyc-done")).toHaveText("Danke – deine Unterschrift ist gespeichert.");
  await expect(page.getByTestId("kyc-state")).toHaveAttribute("data-state", "complete");
  for (const step of ["idv", "age", "esign", "aml"])
    await expect(page.getByTestId(`kyc-step-${step}`)).toHaveAttribute("data-state", "done");
  await page.screenshot({ path: `${SHOTS}/kyc-page-complete.png`, fullPage: true });

  await page.goto("/de/user/kyc/agreement");
  await expect(page.getByTestId("kyc-agreement-signed")).toContainText("als Mia Mainzer unterschrieben");
  await expect(page.getByTestId("kyc-sign-form")).toHaveCount(0);
  await page.goto("/de/user/dollar/payout");
  await expect(page.getByTestId("payout-requirement-kyc")).toHaveAttribute("data-done", "1");
});

test("backend staff clear an AML hit in the back office; the team gets a 404 there", async ({ browser, request, clientIp }) => {
  const escort = await listedEscortIn(request, clientIp, "Mainz");
  verifyIdentityAndAge(escort);
  await signAgreementByApi(request, clientIp, escort, "Lea zzhit Mainz");

  const team = await staffPage(browser, "demo_team");
  expect((await team.goto("/de/backoffice/kyc"))?.status()).toBe(404);

  const backend = await staffPage(browser, "demo_backend");
  await backend.goto("/de/backoffice/kyc");
  await expect(backend.getByRole("heading", { level: 1 })).toHaveText("KYC: Treffer bei Sanktionslisten");
  const item = backend.getByTestId("kyc-queue-item").and(backend.locator(`[data-member="${escort}"]`));
  await expect(item).toContainText("Lea zzhit Mainz");
  // A rejection needs a reason: the error at the field.
  await item.getByRole("button", { name: "Treffer bestätigen" }).click();
  await expect(item.locator("[id$='-error']").first()).toHaveText("Gib einen Grund an.");
  await backend.screenshot({ path: `${SHOTS}/kyc-backoffice.png`, fullPage: true });
  await item.getByRole("button", { name: "Verwechslung – freigeben" }).click();
  await expect(backend).toHaveURL(/\/de\/backoffice\/kyc\?done=cleared$/);
  await expect(backend.getByTestId("kyc-queue-done")).toHaveText("Der Treffer wurde als Verwechslung freigegeben.");
  await expect(backend.locator(`[data-member="${escort}"]`)).toHaveCount(0);
});

test("the fsk18 photos filter is offered only to a viewer whose age verification is open in this session", async ({
  page,
  request,
  clientIp,
}) => {
  const client = await listedClient(request, clientIp, 1);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await logIn(page, client, SIGN_UP_PASSWORD);
  const filter = page.getByTestId("search-form").getByLabel("Mit FSK-18-Fotos");
  await page.goto("/de/escorts");
  await expect(filter).toHaveCount(0);
  // A forged parameter is dropped, not applied: the page answers as without it.
  const forged = await page.goto("/de/escorts?only_show_type=fsk18_photos");
  expect(forged?.status()).toBe(200);
  await expect(filter).toHaveCount(0);
  await expect(page.getByTestId("search-form").locator("input[value='fsk18_photos']")).toHaveCount(0);

  verifyIdentityAndAge(client);
  openAgeSession(client);
  await page.goto("/de/escorts");
  await expect(filter).toHaveCount(1);
});
