/**
 * Issue 30 item 4 (ADRs 112, 113), without JavaScript at phone width: a member reports a photo, team A removes it,
 * the author reads the statement on its appeal page and complains, team B (the backend account: another person than
 * the decider) reverses it, the photo is accepted again and the author is told.
 */
import { acceptPhotosOf, DEMO, expect, listedEscortIn, logIn, noJsMemberPage, SIGN_UP_PASSWORD, signUp, test } from "./fixtures";

test.describe("report → removal → statement → appeal → reversal", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("a removed photo comes back after a second staff member reverses the decision", async ({
    page,
    browser,
    request,
    clientIp,
  }, testInfo) => {
    test.setTimeout(180_000);
    const shot = (target: typeof page, name: string) =>
      target.screenshot({ path: testInfo.outputPath(`appeals-${name}-390.png`), fullPage: true });
    const headers = { "x-forwarded-for": clientIp, "accept-language": "de" };
    const tokenOf = async (username: string, password: string) => {
      const answer = await request.post("/oauth/v2/token", { headers, form: { grant_type: "password", username, password } });
      expect(answer.status(), await answer.text()).toBe(200);
      return { ...headers, authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
    };
    const author = await listedEscortIn(request, clientIp, "Schwerin");
    const team = await tokenOf("demo_team", DEMO.password);
    const waiting = await request.get(`/api/v2/backoffice/queue?owner=${author}`, { headers: team });
    const mediaId = ((await waiting.json()).data.items as Array<{ kind: string; id: number }>).find((item) => item.kind === "media")!.id;
    await acceptPhotosOf(request, clientIp, author);

    const reporter = await signUp(request, clientIp, "client", 1);
    const filed = await request.post("/api/v2/reports", {
      headers: await tokenOf(reporter, SIGN_UP_PASSWORD),
      data: {
        kind: "media",
        object_id: mediaId,
        type: "copyright",
        text: "Das ist mein Foto, es wurde ohne meine Erlaubnis benutzt.",
        good_faith: true,
      },
    });
    expect(filed.status(), await filed.text()).toBe(202);
    const reportId = ((await filed.json()) as { data: { id: number } }).data.id;

    // Team A removes it in the reports queue.
    await logIn(page, "demo_team", DEMO.password);
    await page.goto("/de/backoffice/reports");
    const item = page.locator(`[data-report="${reportId}"]`);
    await item.getByLabel("Entscheidung").selectOption("content_removed");
    await item.getByRole("textbox").fill("Das Foto verletzt nach unserer Prüfung die Rechte der meldenden Person.");
    // The item's own decide button (the queue bar gave each item a claim button too).
    await item.getByRole("button", { name: "Entscheidung speichern" }).click();
    await expect(page.getByTestId("backoffice-notice")).toBeVisible();

    const whileRemoved = await request.post("/api/v2/reports", {
      headers: await tokenOf(reporter, SIGN_UP_PASSWORD),
      data: {
        kind: "media",
        object_id: mediaId,
        type: "copyright",
        text: "Ich melde dieses Foto noch einmal, es ist wieder sichtbar.",
        good_faith: true,
      },
    });
    expect(whileRemoved.status()).toBe(404);

    // The author reads the statement through the link of the mail and complains.
    const authorPage = await noJsMemberPage(browser, clientIp, author);
    // The statement's mail is the author's one message (ADR 128), written by its job a moment after the decision.
    const appealLink = authorPage.locator('[data-mail="statement_issued"] [data-mail-link][href$="/appeal"]').first();
    await expect(async () => {
      await authorPage.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${author}@example.test`)}`);
      await expect(appealLink).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await authorPage.goto((await appealLink.getAttribute("href"))!);
    await expect(authorPage.getByTestId("appeal-statement")).toContainText("Inhalt entfernt");
    await shot(authorPage, "statement");
    await authorPage.getByLabel("Warum ist die Entscheidung falsch?").fill("kurz");
    await authorPage.getByRole("button", { name: "Beschwerde einlegen" }).click();
    await expect(authorPage.locator("#appeal-text-error")).toHaveText("Bitte schreibe mindestens 20 Zeichen.");
    await expect(authorPage.getByLabel("Warum ist die Entscheidung falsch?")).toHaveValue("kurz");
    await authorPage
      .getByLabel("Warum ist die Entscheidung falsch?")
      .fill("Das Foto habe ich selbst aufgenommen, die Rechte liegen bei mir.");
    await authorPage.getByRole("button", { name: "Beschwerde einlegen" }).click();
    await expect(authorPage.getByTestId("appeal-done")).toBeVisible();
    await expect(authorPage.getByTestId("appeal-state")).toHaveText("In Prüfung");
    const appealUrl = authorPage.url().split("?")[0]!;

    // Team A took the decision: the queue shows no form for them.
    await page.goto("/de/backoffice/appeals");
    await shot(page, "queue-own");
    const own = page.locator('[data-testid="appeal-item"]').filter({ hasText: author });
    await expect(own.getByTestId("appeal-own-decision")).toBeVisible();

    // Team B reverses it.
    const teamB = await noJsMemberPage(browser, clientIp, "demo_backend", DEMO.password);
    await teamB.goto("/de/backoffice/appeals");
    const card = teamB.locator('[data-testid="appeal-item"]').filter({ hasText: author });
    await card.getByLabel("Aufheben und rückgängig machen").check();
    await card.getByLabel("Begründung für die Person").fill("Die Urheberschaft ist belegt; das Foto wird wieder gezeigt.");
    await card.getByRole("button", { name: "Entscheiden" }).click();
    await expect(teamB.getByTestId("appeals-queue-done")).toBeVisible();
    await shot(teamB, "queue-done");

    // The photo is accepted again and the author is told.
    // Only a photo others can see can be reported: the reporter's second report of it is taken again.
    const again = await request.post("/api/v2/reports", {
      headers: await tokenOf(reporter, SIGN_UP_PASSWORD),
      data: {
        kind: "media",
        object_id: mediaId,
        type: "copyright",
        text: "Ich melde dieses Foto noch einmal, es ist wieder sichtbar.",
        good_faith: true,
      },
    });
    expect(again.status(), await again.text()).toBe(202);
    await authorPage.goto(appealUrl);
    await expect(authorPage.getByTestId("appeal-state")).toHaveText("Entscheidung aufgehoben");
    await expect(authorPage.getByTestId("appeal-reversed")).toBeVisible();
    await shot(authorPage, "reversed");
    await authorPage.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${author}@example.test`)}`);
    await expect(authorPage.locator('[data-mail="appeal_decided"]')).toContainText("Die Urheberschaft ist belegt");
  });
});
