import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, listedClient, listedEscortIn, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";
import { verifyIdentityAndAge, withE2eDb } from "./kyc-fixtures";

/**
 * The escorts' shared warning list (issue 30 item 6, ADR 121) with JavaScript off, at phone width: three verified
 * escorts (listed in Bielefeld) report a client for violence or non-payment; the team confirms in the back office; a
 * fourth escort then sees the discreet note on the client's profile and in the conversation with them (it opens on
 * tap, without JavaScript); the client sees their own entry — the categories, never the reporters — and objects;
 * backend staff lift the entry, and the note is gone.
 */
const CITY = "Bielefeld";

async function tokenOf(request: APIRequestContext, clientIp: string, username: string): Promise<string> {
  const login = await request.post("/oauth/v2/token", {
    headers: { "x-forwarded-for": clientIp },
    form: { grant_type: "password", username, password: SIGN_UP_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

test("reports by three escorts, confirmed by the team, warn a fourth; the client objects and staff lift it", async ({
  browser,
  request,
  clientIp,
}, testInfo) => {
  test.setTimeout(180_000);
  const client = await listedClient(request, clientIp, 1);
  const clientId = withE2eDb((db) => (db.prepare("SELECT id FROM users WHERE username = ?").get(client) as { id: number }).id);
  const reporters = [
    await listedEscortIn(request, clientIp, CITY),
    await listedEscortIn(request, clientIp, CITY),
    await listedEscortIn(request, clientIp, CITY),
  ];
  const viewer = await listedEscortIn(request, clientIp, CITY);
  const types = ["violence", "non_payment", "violence"];
  for (const [index, reporter] of reporters.entries()) {
    verifyIdentityAndAge(reporter);
    const filed = await request.post("/api/v2/reports", {
      headers: { "x-forwarded-for": clientIp, authorization: `Bearer ${await tokenOf(request, clientIp, reporter)}` },
      data: { kind: "profile", object_id: clientId, type: types[index], text: "Beim Treffen ist etwas vorgefallen.", good_faith: true },
    });
    expect(filed.status(), await filed.text()).toBe(202);
  }

  // Before the team decides, nothing shows to the fourth escort.
  const escort = await noJsMemberPage(browser, clientIp, viewer);
  await escort.goto(`/de/p/${client}`);
  await expect(escort.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(escort.getByTestId("warning-badge")).toHaveCount(0);

  // The team: the client waits in the queue with three reporters (no names); a decision without a choice is refused.
  const team = await noJsMemberPage(browser, clientIp, "demo_team", DEMO.password);
  await team.goto("/de/backoffice/warnings");
  await expect(team.getByRole("heading", { level: 1 })).toHaveText("Warnliste: Meldungen prüfen");
  const candidate = team.locator(`[data-testid="warning-candidate"][data-username="${client}"]`);
  await expect(candidate).toContainText("3 verifizierte Escorts haben gemeldet");
  await expect(candidate).toContainText("Nicht bezahlt");
  for (const reporter of reporters) await expect(candidate).not.toContainText(reporter);
  await candidate.getByLabel("Begründung (optional)").fill("Drei unabhängige Meldungen, Schilderungen stimmen überein.");
  await candidate.getByRole("button", { name: "Entscheiden" }).click();
  await expect(candidate.locator("[data-field-error=outcome]")).toHaveText("Bitte wähle eine Entscheidung.");
  await expect(candidate.getByLabel("Begründung (optional)")).toHaveValue(/Drei unabhängige Meldungen/);
  await team.screenshot({ path: testInfo.outputPath("backoffice-warnings-390.png"), fullPage: true });
  await candidate.getByLabel("Bestätigen: Escorts sehen den Hinweis").check();
  await candidate.getByRole("button", { name: "Entscheiden" }).click();
  await expect(team.getByTestId("warnings-done")).toContainText("Bestätigt");
  await expect(candidate).toHaveCount(0);
  // Objections are backend staff's (trust.manage): the page does not exist for the team.
  expect((await team.request.get("/de/backoffice/warning-objections")).status()).toBe(404);

  // The fourth escort: the note on the profile, opened on tap, and in the conversation's header.
  await escort.goto(`/de/p/${client}`);
  const badge = escort.getByTestId("warning-badge");
  await expect(badge).toBeVisible();
  await expect(badge.getByText(/Wer gemeldet hat, wird nicht gezeigt/)).toBeHidden();
  await badge.getByText("Hinweis zu diesem Mitglied").click();
  await expect(badge.getByText(/Wer gemeldet hat, wird nicht gezeigt/)).toBeVisible();
  await escort.screenshot({ path: testInfo.outputPath("profile-warning-badge-390.png") });
  await escort.goto(`/de/messenger/${client}`);
  await expect(escort.getByTestId("warning-badge")).toBeVisible();
  await escort.screenshot({ path: testInfo.outputPath("conversation-warning-badge-390.png") });

  // The client: never the note on their own profile; their entry with its categories, and the objection.
  const member = await noJsMemberPage(browser, clientIp, client);
  await member.goto(`/de/p/${client}`);
  await expect(member.getByTestId("warning-badge")).toHaveCount(0);
  // Found from the privacy page, beside the statements of reasons.
  await member.goto("/de/user/data_privacy");
  await member.getByTestId("warning-link").click();
  await expect(member).toHaveURL(/\/de\/user\/warning$/);
  await expect(member.getByTestId("own-warning")).toContainText("Gemeldet wurde: Gewalt bei einem Treffen, Nicht bezahlt.");
  for (const reporter of reporters) await expect(member.getByTestId("own-warning")).not.toContainText(reporter);
  await member.getByLabel("Warum ist der Hinweis nicht gerechtfertigt?").fill("Stimmt nicht.");
  await member.getByRole("button", { name: "Widerspruch senden" }).click();
  await expect(member.locator("[data-field-error=text]")).toHaveText("Bitte begründe deinen Widerspruch in mindestens 20 Zeichen.");
  await expect(member.getByLabel("Warum ist der Hinweis nicht gerechtfertigt?")).toHaveValue("Stimmt nicht.");
  await member.screenshot({ path: testInfo.outputPath("own-warning-390.png"), fullPage: true });
  await member
    .getByLabel("Warum ist der Hinweis nicht gerechtfertigt?")
    .fill("Ich war an den genannten Tagen gar nicht in Leipzig und habe jedes Treffen bezahlt.");
  await member.getByRole("button", { name: "Widerspruch senden" }).click();
  await expect(member.getByTestId("objection-sent")).toBeVisible();
  await expect(member.getByTestId("objection-state")).toContainText("wird geprüft");
  await expect(member.getByTestId("objection-form")).toHaveCount(0);

  // Backend staff lift the entry: the note is gone at once, and the client reads the outcome.
  const backend = await noJsMemberPage(browser, clientIp, "demo_backend", DEMO.password);
  await backend.goto("/de/backoffice/warning-objections");
  const objection = backend.locator(`[data-testid="warning-objection"][data-username="${client}"]`);
  await expect(objection).toContainText("gar nicht in Leipzig");
  await backend.screenshot({ path: testInfo.outputPath("backoffice-objections-390.png"), fullPage: true });
  await objection.getByLabel("Aufheben: der Hinweis endet sofort").check();
  await objection.getByRole("button", { name: "Entscheiden" }).click();
  await expect(backend.getByTestId("warnings-done")).toHaveText("Der Eintrag ist aufgehoben.");
  await escort.goto(`/de/p/${client}`);
  await expect(escort.getByTestId("warning-badge")).toHaveCount(0);
  await member.goto("/de/user/warning");
  await expect(member.getByTestId("own-warning-none")).toBeVisible();
  await expect(member.getByTestId("objection-state")).toContainText("stattgegeben");
});

test("the own warning page without an entry, and the back-office queues are not for members", async ({ page }) => {
  await logIn(page, DEMO.client, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/user/warning");
  await expect(page.getByTestId("own-warning-none")).toHaveText("Zu deinem Konto gibt es keinen Warnhinweis.");
  await expect(page.getByTestId("objection-form")).toHaveCount(0);
  expect((await page.request.get("/de/backoffice/warnings")).status()).toBe(404);
  expect((await page.request.get("/de/backoffice/warning-objections")).status()).toBe(404);
  expect((await page.request.get("/de/backoffice/landing-pages")).status()).toBe(404);
});
