/**
 * Blog posts without JavaScript on a phone (issue 29 items 3, 6, 7; ADR 101): a fresh client writes a post in the
 * safe editor (a javascript: link is refused at the field with the input kept, the preview shows the parsed post,
 * typed HTML stays text), sends it on; it waits for the team (a guest gets 404); the team approves it in the back
 * office; a guest reads it with its BlogPosting data and canonical address. A draft is deleted from my_blogs after the
 * confirmation. Screenshots at 390 px (/work/notes/shots/blogs-*.png and test-results/…).
 * Fresh accounts only: demo_team only decides.
 */
import { expect, listedClient, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

const TEAM = { username: "demo_team", password: "demo-pass-2026" };
const SHOTS = process.env.BLOG_SHOTS_DIR;

test.describe("blogs", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a member writes a post, the team approves it, a guest reads it", async ({ page, browser, request, clientIp }, testInfo) => {
    test.setTimeout(180_000);
    const shot = async (target: typeof page, name: string) => {
      await target.screenshot({ path: testInfo.outputPath(`blogs-${name}-390.png`), fullPage: true });
      if (SHOTS) await target.screenshot({ path: `${SHOTS}/blogs-${name}.png`, fullPage: true });
    };
    const author = await listedClient(request, clientIp, 1);
    await logIn(page, author, SIGN_UP_PASSWORD);
    // Posting needs a verified address (ADR 024): through the dev mailbox.
    await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${author}@example.test`)}`);
    await page.goto((await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href"))!);
    await page.getByTestId("email-confirm").click();
    await expect(page.getByTestId("email-verified")).toBeVisible();

    await page.goto("/de/my_blogs");
    await expect(page.getByTestId("my-blogs-empty")).toBeVisible();
    await shot(page, "my-empty");
    await page.getByTestId("blog-new").click();
    await expect(page).toHaveURL(/\/de\/blogs\/add$/);
    const title = `Ein Abend im Kiez ${Date.now()}`;
    await page.getByLabel("Titel", { exact: true }).fill(title);
    await page.getByLabel("Kategorie").selectOption("experiences");
    await page.getByLabel("Text", { exact: true }).fill("## Der Anfang\n\nEs war *warm* und **laut**. [Böse](javascript:alert(1))");
    await page.getByTestId("blog-submit").click();
    await expect(page.locator("#field-body-error")).toHaveText("Links müssen mit http:// oder https:// beginnen.");
    await expect(page.getByLabel("Titel", { exact: true })).toHaveValue(title);
    await shot(page, "add-error");

    const body = [
      "## Der Anfang",
      "Es war *warm* und **laut**. Mehr dazu [hier](https://example.org/kiez).",
      "- Musik\n- Tanz\n- Gespräche",
      "<script>alert('x')</script>",
    ].join("\n\n");
    await page.getByLabel("Text", { exact: true }).fill(body);
    await page.getByTestId("blog-preview-button").click();
    const preview = page.getByTestId("blog-preview-body");
    await expect(preview.getByRole("heading", { name: "Der Anfang" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("laut");
    await expect(preview.getByRole("link", { name: "hier" })).toHaveAttribute("rel", "nofollow ugc noopener");
    await expect(preview.getByRole("listitem")).toHaveCount(3);
    // Typed HTML is text, never an element.
    await expect(preview).toContainText("<script>alert('x')</script>");
    await expect(preview.locator("script")).toHaveCount(0);
    await expect(page.getByLabel("Text", { exact: true })).toHaveValue(body);
    await shot(page, "add-preview");
    await page.getByTestId("blog-submit").click();
    await expect(page).toHaveURL(/\/de\/blogs\/experiences\/ein-abend-im-kiez-\d+\?done=submitted$/);
    await expect(page.getByTestId("blog-not-public")).toContainText("wartet auf die Prüfung");
    const postPath = new URL(page.url()).pathname;
    await shot(page, "post-pending");

    // A guest does not see it yet.
    const guestContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
    const guest = await guestContext.newPage();
    await guest.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    expect((await guest.goto(postPath))!.status()).toBe(404);

    // The team approves it.
    const team = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    await team.goto("/de/backoffice/blogs");
    const entry = team.getByTestId("blog-queue-item").filter({ hasText: title });
    await expect(entry).toContainText("Vor der Veröffentlichung");
    await shot(team, "backoffice");
    await entry.getByTestId("blog-approve").click();
    await expect(team.getByTestId("blog-queue-done")).toHaveText("Der Beitrag ist freigegeben.");

    // A guest reads it (a new visit: the earlier 404 may be cached for a minute): the post, its date in German, its
    // structured data and canonical address.
    await guestContext.close();
    const reader = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
    const guest2 = await reader.newPage();
    await guest2.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    expect((await guest2.goto(postPath))!.status()).toBe(200);
    await expect(guest2.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(guest2.getByTestId("blog-author")).toBeVisible();
    await expect(guest2.getByTestId("blog-date")).toHaveText(/^\d{1,2}\. \S+ \d{4}$/);
    await expect(guest2.getByTestId("blog-body")).toContainText("<script>alert('x')</script>");
    await expect(guest2.getByTestId("blog-community")).toBeAttached();
    const jsonLd = JSON.parse((await guest2.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: title });
    await expect(guest2.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${postPath}$`));
    await expect(guest2.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/en/blogs/experiences/`));
    await shot(guest2, "post-guest");

    // my_blogs: published; a draft is deleted after the confirmation.
    await page.goto("/de/blogs/add");
    await page.getByLabel("Titel", { exact: true }).fill("Nur ein Entwurf");
    await page.getByLabel("Text", { exact: true }).fill("Noch nicht fertig.");
    await page.getByTestId("blog-draft").click();
    await expect(page.getByTestId("blog-done")).toHaveText("Dein Entwurf ist gespeichert. Nur du siehst ihn.");
    await page.goto("/de/my_blogs");
    await expect(page.getByTestId("my-blog").filter({ hasText: title }).getByTestId("my-blog-status")).toHaveText("Veröffentlicht");
    await shot(page, "my-list");
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Filtern" }).click();
    await expect(page).toHaveURL(/status=draft/);
    const draft = page.getByTestId("my-blog");
    await expect(draft).toHaveCount(1);
    await draft.getByTestId("my-blog-delete-open").click();
    await draft.getByTestId("my-blog-delete").click();
    await expect(page.getByTestId("my-blogs-done")).toHaveText("Der Beitrag ist gelöscht.");
    await expect(page.getByTestId("my-blog")).toHaveCount(1);
    await reader.close();
    await team.context().close();
  });
});
