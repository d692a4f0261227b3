/**
 * The back office's members without JavaScript on a phone (issue 30 item 5, ADR 118): the team searches a fresh escort,
 * opens the member's page, is refused a pause without confirmation (the error at the field, the reason kept), pauses
 * her — her profile leaves search — and ends the pause; then bans her, and her open session ends. A member cannot
 * reach the pages. Screenshots at 390 px into /work/notes/shots when that folder exists, else the test's output.
 */
import { existsSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, listedEscortIn, noJsMemberPage, test } from "./fixtures";

const TEAM = { username: "demo_team", password: DEMO.password };
const SHOTS = "/work/notes/shots";
const REASON = "Fotos stammen nachweislich von einer fremden Website.";

/** Whether the search's autocomplete still finds the username (as a visitor typing it would). */
async function foundInSearch(request: APIRequestContext, clientIp: string, username: string): Promise<boolean> {
  const answer = await request.get(`/api/v2/search/autocomplete?q=${encodeURIComponent(username)}`, {
    headers: { "x-forwarded-for": clientIp },
  });
  expect(answer.status()).toBe(200);
  const users = ((await answer.json()) as { data: { users: Array<{ username: string }> } }).data.users;
  return users.some((user) => user.username === username);
}

test.describe("back-office members", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the team finds a member, pauses and unpauses her, bans her and her session ends", async ({
    browser,
    request,
    clientIp,
  }, testInfo) => {
    const shotPath = (name: string) =>
      existsSync(SHOTS) ? `${SHOTS}/members-${name}.png` : testInfo.outputPath(`members-${name}-390.png`);
    const escort = await listedEscortIn(request, clientIp, "Saarbrücken");
    const member = await noJsMemberPage(browser, clientIp, escort);
    expect((await member.goto("/de/backoffice/members"))?.status()).toBe(404);
    await expect.poll(() => foundInSearch(request, clientIp, escort)).toBe(true);

    const team = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    // From the back office's main page to the member search.
    await team.goto("/de/backoffice");
    await team.getByTestId("backoffice-members-link").click();
    await expect(team.getByRole("heading", { level: 1, name: "Mitglieder" })).toBeVisible();
    await team.screenshot({ path: shotPath("search"), fullPage: true });
    // A bad filter: the error at its field, the input kept.
    await team.getByLabel("Nummer").fill("12x");
    await team.getByRole("button", { name: "Suchen" }).click();
    await expect(team.getByRole("alert")).toContainText("Bitte korrigiere");
    await expect(team.getByLabel("Nummer")).toHaveValue("12x");
    await team.getByLabel("Nummer").fill("");
    await team.getByLabel("Benutzername beginnt mit").fill(escort.slice(0, escort.length - 1).toUpperCase());
    await team.getByLabel("Stadt").fill("Saarbrücken");
    await team.getByRole("button", { name: "Suchen" }).click();
    const row = team.locator(`[data-testid="member-search-item"][data-member="${escort}"]`);
    await expect(row).toContainText("Saarbrücken");
    await team.screenshot({ path: shotPath("results"), fullPage: true });
    const tap = await row.getByRole("link").boundingBox();
    expect(tap?.height ?? 0).toBeGreaterThanOrEqual(44);
    await row.getByRole("link").click();

    await expect(team.getByRole("heading", { level: 1, name: escort })).toBeVisible();
    await expect(team.getByTestId("member-summary")).toHaveAttribute("data-status", "active");
    await expect(team.getByTestId("member-money-backend-only")).toBeVisible();
    await expect(team.getByTestId("member-session").first()).toHaveAttribute("data-live", "1");
    await team.screenshot({ path: shotPath("page"), fullPage: true });

    // Pause without the confirmation: refused at the box, the reason kept.
    const pause = team.getByTestId("member-action-pause");
    await pause.locator("summary").click();
    await pause.getByLabel("Dauer").selectOption("3");
    await pause.getByLabel("Begründung").fill(REASON);
    await pause.getByRole("button", { name: "Konto pausieren" }).click();
    await expect(team.getByTestId("member-action-pause")).toHaveAttribute("open", "");
    await expect(team.getByTestId("member-action-pause")).toContainText("Bitte bestätige die Maßnahme.");
    await expect(team.getByTestId("member-action-pause").getByLabel("Begründung")).toHaveValue(REASON);
    await team.screenshot({ path: shotPath("pause-refused"), fullPage: true });
    await team.getByTestId("member-action-pause").getByLabel("Ja, ich bin sicher.").check();
    await team.getByTestId("member-action-pause").getByRole("button", { name: "Konto pausieren" }).click();
    await expect(team.getByTestId("member-done")).toHaveText("Das Konto ist pausiert.");
    await expect(team.getByTestId("member-restriction")).toHaveAttribute("data-kind", "pause");
    await expect(team.locator('[data-testid="member-statement"][data-restriction="account_suspended"]')).toBeVisible();
    await expect(team.locator('[data-testid="member-audit-row"][data-action="member.pause"]')).toBeVisible();
    await expect.poll(() => foundInSearch(request, clientIp, escort)).toBe(false);

    // Unpause: listed again.
    const unpause = team.getByTestId("member-action-unpause");
    await unpause.locator("summary").click();
    await unpause.getByLabel("Begründung").fill("Fotos nochmals geprüft, sie sind echt.");
    await unpause.getByRole("button", { name: "Pause jetzt beenden" }).click();
    await expect(team.getByTestId("member-done")).toHaveText("Die Pause ist beendet.");
    await expect(team.getByTestId("member-summary")).toHaveAttribute("data-status", "active");
    await expect.poll(() => foundInSearch(request, clientIp, escort)).toBe(true);

    // Ban: the member's open session ends.
    const ban = team.getByTestId("member-action-ban");
    await ban.locator("summary").click();
    await ban.getByLabel("Begründung").fill(REASON);
    await ban.getByLabel("Ja, ich bin sicher.").check();
    await ban.getByRole("button", { name: "Konto sperren" }).click();
    await expect(team.getByTestId("member-done")).toHaveText("Das Konto ist gesperrt.");
    await expect(team.getByTestId("member-summary")).toHaveAttribute("data-status", "banned");
    await expect(team.locator('[data-testid="member-session"][data-live="1"]')).toHaveCount(0);
    await team.screenshot({ path: shotPath("banned"), fullPage: true });
    await member.goto("/de/my_dashboard");
    await expect(member).toHaveURL(/\/de\/login/);
  });
});
