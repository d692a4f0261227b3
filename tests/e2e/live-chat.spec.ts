/**
 * The live chat without JavaScript (issue 31 item 3, ADR 126): on the chat page `live/{id}/chat` a viewer writes a
 * line (a refused one keeps its text, the error beside the field), tips the creator (the tip appears as a line), and
 * the creator removes a line and mutes the viewer, who then reads why they cannot write. The stream is written into
 * the e2e database as the streams part would leave it on air (its own spec goes live through the browser).
 */
import { withE2eDb } from "./kyc-fixtures";
import { buyDollars, DEMO, expect, listedClient, listedEscortIn, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";
import { verifyEmailOf } from "./live-fixtures";

const DEMO_TEAM = "demo_team";

/** A stream on air for the creator (state live, everyone signed in may watch); its id. */
function streamOnAir(creator: string): number {
  return withE2eDb((db) => {
    const now = Date.now();
    const { id } = db.prepare("SELECT id FROM users WHERE username = ?").get(creator) as { id: number };
    const row = db
      .prepare(
        `INSERT INTO live_streams (creator_id, title, category, audience, price, ingest, state, record, started_at, producer_seen_at, created_at, updated_at)
         VALUES (?, 'Abend in Frankfurt', 'chat', 'logged_in', NULL, 'browser', 'live', 0, ?, ?, ?, ?) RETURNING id`,
      )
      .get(id, now, now, now, now) as { id: number };
    return row.id;
  });
}

test("a viewer chats and tips on the chat page; the creator removes a line and mutes the viewer", async ({
  page,
  request,
  clientIp,
  browser,
}, testInfo) => {
  const creator = await listedEscortIn(request, clientIp, "Würzburg");
  const viewer = await listedClient(request, clientIp, 1);
  const stream = streamOnAir(creator);
  verifyEmailOf(viewer);
  await logIn(page, viewer, SIGN_UP_PASSWORD);
  const chat = `/de/live/${stream}/chat`;
  await page.goto(chat);
  await expect(page.getByRole("heading", { name: "Chat: Abend in Frankfurt" })).toBeVisible();
  await expect(page.getByTestId("live-chat-empty")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("live-chat-empty-390.png"), fullPage: true });

  // A line against the text rule: refused at the field, the text kept.
  await page.getByLabel("Deine Nachricht").fill("Heute alles ohne Gummi?");
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(page.getByTestId("live-chat-body-error")).not.toBeEmpty();
  await expect(page.getByLabel("Deine Nachricht")).toHaveValue("Heute alles ohne Gummi?");
  await page.screenshot({ path: testInfo.outputPath("live-chat-refused-390.png"), fullPage: true });

  // Two lines: newest last, each with its author.
  await page.getByLabel("Deine Nachricht").fill("Hallo aus Frankfurt!");
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(page).toHaveURL(new RegExp(`${chat}#live-chat$`));
  await page.getByLabel("Deine Nachricht").fill("Schöner Abend heute");
  await page.getByRole("button", { name: "Senden" }).click();
  const lines = page.getByTestId("live-chat-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.last()).toContainText("Schöner Abend heute");
  await expect(lines.first()).toContainText(viewer);

  // A tip: dollars through the checkout, then an amount button; the tip shows in the chat with the name.
  await buyDollars(page);
  await page.goto(chat);
  await page.getByTestId("live-chat-tip-5").click();
  await expect(page.getByTestId("live-chat-tipped")).toBeVisible();
  const tip = page.locator('[data-testid="live-chat-line"][data-kind="tip"]');
  await expect(tip).toHaveCount(1);
  await expect(tip).toContainText(viewer);
  await page.screenshot({ path: testInfo.outputPath("live-chat-lines-390.png"), fullPage: true });

  // The creator removes the first line and mutes the viewer.
  const host = await noJsMemberPage(browser, clientIp, creator);
  await host.goto(chat);
  const hostLines = host.getByTestId("live-chat-line");
  await expect(hostLines).toHaveCount(3);
  await host.screenshot({ path: testInfo.outputPath("live-chat-creator-390.png"), fullPage: true });
  await hostLines.first().getByTestId("live-chat-remove-line").click();
  await expect(hostLines).toHaveCount(2);
  await expect(host.getByText("Hallo aus Frankfurt!")).toHaveCount(0);
  await hostLines.first().getByTestId("live-chat-mute").click();
  await expect(host.getByTestId("live-chat-sanctions")).toBeVisible();

  // The viewer reads the room again: the line is gone and the form is replaced by why.
  await page.getByTestId("live-chat-refresh").click();
  await expect(page.getByText("Hallo aus Frankfurt!")).toHaveCount(0);
  await expect(page.getByTestId("live-chat-refusal")).toContainText("stummgeschaltet");
  await expect(page.getByLabel("Deine Nachricht")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("live-chat-muted-390.png"), fullPage: true });

  // Let back in: the viewer writes again.
  await host.goto(chat);
  await host.getByTestId("live-chat-sanctions").locator("summary").click();
  await host.getByTestId("live-chat-lift").click();
  await page.goto(chat);
  await page.getByLabel("Deine Nachricht").fill("Danke!");
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(page.getByTestId("live-chat-line").last()).toContainText("Danke!");
  await host.context().close();

  // Staff end the stream at once from the back office; the chat closes for the viewer.
  const staff = await noJsMemberPage(browser, clientIp, DEMO_TEAM, DEMO.password);
  await staff.goto(`/de/backoffice/live?stream=${stream}`);
  const end = staff.getByTestId("backoffice-live-end");
  await end.getByRole("button").click();
  // Without a statement: refused at its field.
  await expect(end.getByLabel("Begründung für das Mitglied")).toHaveAttribute("aria-invalid", "true");
  await expect(end.getByText("Invalid type")).toHaveCount(0);
  await end.getByLabel("Begründung für das Mitglied").fill("Der Stream verstößt gegen die Regeln der Plattform.");
  await staff.screenshot({ path: testInfo.outputPath("backoffice-live-390.png"), fullPage: true });
  await end.getByRole("button").click();
  await expect(staff.getByTestId("backoffice-live-done")).toContainText("beendet");
  await page.goto(chat);
  await expect(page.getByTestId("live-chat-refusal")).toContainText("beendet");
  await staff.context().close();
});
