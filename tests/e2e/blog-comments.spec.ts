/**
 * Blog comments and likes without JavaScript on a phone (issue 29 item 4 and 7, ADR 103): on a published post (a
 * fixture row written into the e2e database: the blogs API is another helper's), a member's empty comment is refused
 * at its field, then a comment with script markup shows as the text typed and the page returns to it (#comment-{id});
 * a second member replies and likes (the count shows), the first edits; the second reports the comment and the team
 * removes it in the comments queue. Screenshots at 390 px in /work/notes/shots/comments-*.png. Fresh accounts only.
 */
import Database from "better-sqlite3";
import { e2eDatabasePath } from "./e2e-database";
import { expect, listedClient, noJsMemberPage, test } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/shots";
const TEAM = { username: "demo_team", password: "demo-pass-2026" };

/** A published post of `author`, written as the blogs module stores one. */
function publishedPost(author: string): string {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    const { id } = db.prepare("select id from users where username = ?").get(author) as { id: number };
    const slug = `e2e-kommentare-${Date.now().toString(36)}`;
    const now = Date.now();
    db.prepare(
      "insert into blogs (author_id, category, slug, title, body, state, created_at, updated_at, published_at) values (?, 'everyday-life', ?, 'Mein erster Abend im Club', '[]', 10, ?, ?, ?)",
    ).run(id, slug, now, now, now);
    return slug;
  } finally {
    db.close();
  }
}

test.describe("blog comments", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a member comments, another replies and likes, the first edits; a report reaches the team's queue", async ({
    request,
    browser,
    clientIp,
  }) => {
    const [author, anna, ben] = [
      await listedClient(request, clientIp, 2),
      await listedClient(request, clientIp, 1),
      await listedClient(request, clientIp, 1),
    ];
    const slug = publishedPost(author);
    const postPath = `/de/blogs/everyday-life/${slug}`;

    const annaPage = await noJsMemberPage(browser, clientIp, anna);
    await annaPage.goto(postPath);
    await expect(annaPage.getByRole("heading", { name: "0 Kommentare" })).toBeVisible();
    await expect(annaPage.getByTestId("comments-empty")).toBeVisible();
    await annaPage.screenshot({ path: `${SHOTS}/comments-empty.png`, fullPage: true });

    // Empty: refused at the field, on the comments route's page.
    const [refusal] = await Promise.all([
      annaPage.waitForResponse((response) => response.request().method() === "POST"),
      annaPage.getByRole("button", { name: "Kommentieren" }).click(),
    ]);
    expect(refusal.status()).toBe(400);
    await expect(annaPage.locator("#comment-retry-error")).toContainText("Bitte schreibe 1 bis 2000 Zeichen.");
    await annaPage.screenshot({ path: `${SHOTS}/comments-refused.png`, fullPage: true });

    const markup = "Toller Text! <script>alert(1)</script><b>fett</b>";
    await annaPage.getByLabel("Dein Kommentar").fill(markup);
    await annaPage.getByRole("button", { name: "Kommentieren" }).click();
    await expect(annaPage).toHaveURL(new RegExp(`${postPath}#comment-\\d+$`));
    const annas = annaPage.getByTestId("blog-comment").first();
    await expect(annas.getByTestId("blog-comment-body")).toHaveText(markup);
    await expect(annaPage.getByRole("heading", { name: "1 Kommentar" })).toBeVisible();
    const commentId = await annas.getAttribute("data-comment-id");

    const benPage = await noJsMemberPage(browser, clientIp, ben);
    await benPage.goto(postPath);
    await benPage.getByText("Antworten", { exact: true }).click();
    await benPage.getByLabel(/Deine Antwort an/).fill("Finde ich auch.");
    await benPage.getByRole("button", { name: "Antwort senden" }).click();
    await expect(benPage).toHaveURL(new RegExp(`#comment-\\d+$`));
    await expect(benPage.getByTestId("blog-comment-body").nth(1)).toHaveText("Finde ich auch.");
    await benPage.getByRole("button", { name: "Gefällt mir" }).click();
    await expect(benPage).toHaveURL(new RegExp(`${postPath}#like$`));
    await expect(benPage.getByTestId("blog-like-count")).toHaveText("1 Like");
    await expect(benPage.getByRole("button", { name: "Gefällt mir nicht mehr" })).toBeVisible();
    await benPage.screenshot({ path: `${SHOTS}/comments-post.png`, fullPage: true });

    await annaPage.reload();
    await annaPage.getByText("Bearbeiten", { exact: true }).click();
    await annaPage.getByLabel("Kommentar bearbeiten").fill("Toller Text, nachträglich verbessert.");
    await annaPage.getByRole("button", { name: "Speichern" }).click();
    await expect(annaPage).toHaveURL(new RegExp(`#comment-${commentId}$`));
    await expect(annaPage.getByTestId("blog-comment").first()).toContainText("bearbeitet");
    await expect(annaPage.getByTestId("blog-comment-body").first()).toHaveText("Toller Text, nachträglich verbessert.");

    // Ben reports Anna's comment; the team removes it with a statement of reasons.
    await benPage.goto(`${postPath}/comments/${commentId}/report`);
    await benPage.getByLabel("Was ist das Problem?").selectOption("hate_harassment");
    await benPage.getByText(/nach bestem Wissen/).click();
    await benPage.getByRole("button", { name: "Meldung senden" }).click();
    await expect(benPage.getByTestId("comment-reported")).toBeVisible();

    const teamPage = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    await teamPage.goto("/de/backoffice/blog-comments");
    const item = teamPage.locator(`[data-testid="comment-queue-item"][data-comment-id="${commentId}"]`);
    await expect(item.getByTestId("comment-queue-body")).toHaveText("Toller Text, nachträglich verbessert.");
    await teamPage.screenshot({ path: `${SHOTS}/comments-queue.png`, fullPage: true });
    await item.getByLabel("Begründung").fill("Beleidigungen anderer Mitglieder sind nicht erlaubt.");
    await item.getByRole("button", { name: "Kommentar entfernen" }).click();
    await expect(teamPage.getByTestId("comment-queue-done")).toBeVisible();

    await annaPage.goto(postPath);
    await expect(annaPage.getByTestId("blog-comment").first()).toHaveText("Dieser Kommentar wurde gelöscht.");
    await expect(annaPage.getByRole("heading", { name: "1 Kommentar" })).toBeVisible();
  });
});
