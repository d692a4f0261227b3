/**
 * ADR 123, without JavaScript on a phone (390 px): the team bans a fresh escort in Osnabrück through a report; the
 * banned escort cannot sign in, opens the signed link of the statement's mail in a browser without any session,
 * reads the statement, is refused a too-short complaint at the field (text kept), files the complaint and sees it
 * filed. An altered link is a 404. Screenshots in the test's output folder.
 */
import { DEMO, expect, listedClient, listedEscortIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { withE2eDb } from "./kyc-fixtures";

test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

test("a banned member complains through the signed link of the statement's mail, without signing in", async ({
  page,
  request,
  clientIp,
}) => {
  test.setTimeout(120_000);
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`appeal-link-${name}-390.png`), fullPage: true });
  const headers = { "x-forwarded-for": clientIp, "accept-language": "de" };
  const tokenOf = async (username: string, password: string) => {
    const answer = await request.post("/oauth/v2/token", { headers, form: { grant_type: "password", username, password } });
    expect(answer.status(), await answer.text()).toBe(200);
    return { ...headers, authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
  };
  const escort = await listedEscortIn(request, clientIp, "Osnabrück");
  const escortId = withE2eDb((db) => (db.prepare("SELECT id FROM users WHERE username = ?").get(escort) as { id: number }).id);
  const reporter = await listedClient(request, clientIp, 1);
  const filed = await request.post("/api/v2/reports", {
    headers: await tokenOf(reporter, SIGN_UP_PASSWORD),
    data: {
      kind: "profile",
      object_id: escortId,
      type: "hate_harassment",
      text: "Beleidigt mich seit Tagen in Nachrichten.",
      good_faith: true,
    },
  });
  expect(filed.status(), await filed.text()).toBe(202);
  const reportId = ((await filed.json()) as { data: { id: number } }).data.id;
  const banned = await request.post(`/api/v2/backoffice/reports/${reportId}/decide`, {
    headers: await tokenOf("demo_team", DEMO.password),
    data: { outcome: "account_banned", statement: "Wiederholte Beleidigungen in Nachrichten an andere Mitglieder." },
  });
  expect(banned.status(), await banned.text()).toBe(200);
  // Signing in is refused.
  const login = await request.post("/oauth/v2/token", {
    headers,
    form: { grant_type: "password", username: escort, password: SIGN_UP_PASSWORD },
  });
  expect(login.status()).not.toBe(200);

  // The statement's mail (written by its job a moment after the decision) carries the signed link.
  const link = page.locator('[data-mail="statement_issued"] [data-mail-link][href*="/de/appeal/"]').first();
  await expect(async () => {
    await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${escort}@example.test`)}`);
    await expect(link).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const href = (await link.getAttribute("href"))!;
  const path = new URL(href).pathname;
  await page.context().clearCookies();

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beschwerde gegen eine Entscheidung");
  await expect(page.getByTestId("appeal-link")).toBeVisible();
  await expect(page.getByTestId("appeal-statement")).toContainText("Konto gesperrt");
  await expect(page.getByTestId("appeal-ground")).toHaveText("AGB: Umgang miteinander");
  await shot("form");
  const text = page.getByLabel("Warum ist die Entscheidung falsch?");
  await text.fill("kurz");
  await page.getByRole("button", { name: "Beschwerde einlegen" }).click();
  await expect(page.locator("#appeal-text-error")).toHaveText("Bitte schreibe mindestens 20 Zeichen.");
  await expect(text).toHaveValue("kurz");
  await text.fill("Ich habe niemanden beleidigt; die Nachrichten stammen nicht von mir.");
  await page.getByRole("button", { name: "Beschwerde einlegen" }).click();
  await expect(page.getByTestId("appeal-done")).toBeVisible();
  await expect(page.getByTestId("appeal-state")).toHaveText("In Prüfung");
  await shot("filed");

  // An altered link opens nothing.
  const altered = path.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
  expect((await page.goto(altered))?.status()).toBe(404);
});
