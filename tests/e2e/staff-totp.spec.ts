/**
 * Staff sign-in's second factor (issue 30 item 5, ADR 117) without JavaScript on a phone (390 px). The e2e server is a
 * production build (DEMO_MODE: only the seeded demo staff are exempt), so a new team account must enrol first: its
 * sign-in lands on backoffice/security, scans (here: reads) the key, is refused a wrong code at the field with the input
 * kept, confirms with the right one and sees ten recovery codes; signs out; signs in again with the password and then,
 * on login/second-factor, a code of the next time step (a code counts once per step).
 */
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { generate } from "otplib";
import type { Page } from "@playwright/test";
import { e2eDatabasePath } from "./e2e-database";
import { DEMO, expect, test } from "./fixtures";

const SHOTS = "test-results/shots";

/** A new team account with the demo password (a copy of demo_team's row under another name): not exempt. */
function insertTeamAccount(): string {
  const username = `totp_${randomBytes(4).toString("hex")}`;
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const row = db.prepare("SELECT * FROM users WHERE username = 'demo_team'").get() as Record<string, unknown>;
    const values: Record<string, unknown> = {
      ...row,
      username,
      username_key: username,
      email: `${username}@example.test`,
      email_key: `${username}@example.test`,
    };
    delete values.id;
    const columns = Object.keys(values);
    db.prepare(`INSERT INTO users (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(
      ...columns.map((column) => values[column]),
    );
  } finally {
    db.close();
  }
  return username;
}

async function signInWithPassword(page: Page, username: string, returnTo?: string): Promise<void> {
  await page.goto(returnTo ? `/de/login?r=${encodeURIComponent(returnTo)}` : "/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

test("a new staff account enrols, signs out and signs in with password and code; backend staff reset it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const username = insertTeamAccount();

  // The password alone opens only the enrolment.
  await signInWithPassword(page, username);
  await expect(page).toHaveURL(/\/de\/backoffice\/security$/);
  await expect(page.getByRole("alert")).toContainText("Richte jetzt deine Authenticator-App ein");
  expect((await page.goto("/de/backoffice/members"))?.url()).toMatch(/\/de\/backoffice\/security$/);

  await page.getByRole("button", { name: "Authenticator-App einrichten" }).click();
  await expect(page.getByRole("img", { name: "QR-Code für die Authenticator-App" })).toBeVisible();
  const secret = String(await page.getByTestId("totp-secret").getAttribute("data-secret"));
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: `${SHOTS}/staff-totp-enrol-390.png`, fullPage: true });

  // A wrong code: refused at its field, the input kept.
  const wrong = (await codeAt(secret, Date.now())) === "000000" ? "111111" : "000000";
  await page.getByLabel("Code aus der App").fill(wrong);
  await page.getByRole("button", { name: "Bestätigen und einschalten" }).click();
  await expect(page.getByText("Dieser Code stimmt nicht, ist abgelaufen oder wurde schon benutzt.").first()).toBeVisible();
  await expect(page.getByLabel("Code aus der App")).toHaveValue(wrong);

  const enrolledAt = Date.now();
  await page.getByLabel("Code aus der App").fill(await codeAt(secret, enrolledAt));
  await page.getByRole("button", { name: "Bestätigen und einschalten" }).click();
  const codes = page.getByTestId("recovery-codes");
  await expect(codes).toBeVisible();
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  await page.screenshot({ path: `${SHOTS}/staff-totp-recovery-codes-390.png`, fullPage: true });
  // Shown once: the page read again has no codes, only the state.
  await page.goto("/de/backoffice/security");
  await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
  await expect(page.getByTestId("second-factor-on")).toBeVisible();

  await page.goto("/de/my_dashboard");
  await page.getByRole("button", { name: "Abmelden" }).last().click();
  await page.waitForURL(/logged_out=1/);

  // Password first, then the code of the next 30-second step (the enrolment's code counts once).
  // Signed out, a back-office link leads to the login; the way back survives the second step.
  await signInWithPassword(page, username, "/de/backoffice/members");
  await expect(page).toHaveURL(/\/de\/login\/second-factor\?r=%2Fde%2Fbackoffice%2Fmembers$/);
  // Until the code, every back-office page sends this sign-in back to the second step.
  const closed = await page.request.get("/de/backoffice", { maxRedirects: 0 });
  expect(closed.status()).toBe(302);
  expect(closed.headers().location).toBe("/de/login/second-factor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Code eingeben");
  // Not locked: no lock notice.
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/staff-totp-second-step-390.png`, fullPage: true });

  await page.getByLabel("Code oder Wiederherstellungscode").fill("12ab");
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await expect(page.getByText("Gib die 6 Ziffern aus der App oder einen Wiederherstellungscode ein.").first()).toBeVisible();
  await expect(page.getByLabel("Code oder Wiederherstellungscode")).toHaveValue("12ab");

  const nextStep = (Math.floor(enrolledAt / 30_000) + 1) * 30_000;
  if (Date.now() < nextStep) await page.waitForTimeout(nextStep - Date.now() + 500);
  await page.getByLabel("Code oder Wiederherstellungscode").fill(await codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await expect(page).toHaveURL(/\/de\/backoffice\/members$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The seeded backend account (exempt in the demo) resets the colleague's second factor: a reason is required.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const backend = await context.newPage();
  await backend.goto("/de/login");
  await backend.getByLabel("Benutzername oder E-Mail").fill("demo_backend");
  await backend.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await backend.getByRole("button", { name: "Anmelden" }).last().click();
  await backend.waitForURL((url) => !url.pathname.endsWith("/login"));
  await backend.goto("/de/backoffice/security");
  const entry = backend.locator(`[data-staff="${username}"]`);
  await expect(entry).toContainText("10 Wiederherstellungscodes übrig");
  await entry.getByRole("button", { name: "Zweiten Faktor zurücksetzen" }).click();
  const refused = backend.locator(`[data-staff="${username}"]`);
  await expect(refused.getByText("Schreib eine Begründung mit 10 bis 1000 Zeichen.").first()).toBeVisible();
  await refused.getByLabel("Begründung (für das Prüfprotokoll)").fill("Telefon verloren, neu einrichten.");
  await refused.getByRole("button", { name: "Zweiten Faktor zurücksetzen" }).click();
  await expect(backend.getByText("Zurückgesetzt. Alle Anmeldungen des Kontos sind beendet.")).toBeVisible();
  await expect(backend.locator(`[data-staff="${username}"]`)).toContainText("Kein zweiter Faktor eingerichtet");
  await backend.screenshot({ path: `${SHOTS}/staff-totp-backend-reset-390.png`, fullPage: true });
  await context.close();

  // The colleague's sign-in ended with the reset: a page for members asks to sign in again.
  await page.goto("/de/my_dashboard");
  await expect(page).toHaveURL(/\/de\/login/);
});
