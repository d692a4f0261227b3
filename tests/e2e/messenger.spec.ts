import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { jpeg } from "../helpers/images";
import { expect, listedClient, noJsMemberPage, test } from "./fixtures";

/**
 * Issue 12 in the browser without JavaScript: two members exchange messages and photos through the plain multipart
 * form, one hides and restores the thread and says no thanks, and the other hits the first-contact limit of a basic
 * member and sees the upgrade prompt.
 */

/** A signed-in browser without JavaScript whose e-mail address is verified through the dev mailbox (sending needs it). */
async function memberPage(browser: Browser, clientIp: string, username: string): Promise<Page> {
  const page = await noJsMemberPage(browser, clientIp, username);
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
  await page.goto(link!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
  return page;
}

/** Two new members; Anna is signed in without JavaScript, her address verified, ready to write to Ben. */
async function annaWritesToBen(request: APIRequestContext, clientIp: string, browser: Browser) {
  const anna = await listedClient(request, clientIp, 2);
  const ben = await listedClient(request, clientIp, 1);
  return { anna, ben, annaPage: await memberPage(browser, clientIp, anna) };
}

async function send(page: Page, text: string, photos: Buffer[] = []) {
  await page.getByLabel(/^Nachricht an/).fill(text);
  if (photos.length > 0)
    await page.getByLabel(/^Fotos/).setInputFiles(photos.map((buffer, i) => ({ name: `foto-${i}.jpg`, mimeType: "image/jpeg", buffer })));
  await page.getByTestId("compose-send").click();
}

test("two members exchange messages and photos, hide and restore, say no thanks; a basic member hits the first-contact limit", async ({
  request,
  clientIp,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const anna = await listedClient(request, clientIp, 2);
  const ben = await listedClient(request, clientIp, 1);
  const others = [
    await listedClient(request, clientIp, 2),
    await listedClient(request, clientIp, 2),
    await listedClient(request, clientIp, 2),
  ];
  const annaPage = await memberPage(browser, clientIp, anna);
  const benPage = await memberPage(browser, clientIp, ben);

  // Anna's empty messenger, then the conversation with Ben, reached by the new-message field.
  await annaPage.goto("/de/messenger");
  await expect(annaPage.getByTestId("messenger-empty")).toBeVisible();
  await expect(annaPage.locator("footer")).toHaveCount(0);
  await annaPage.getByTestId("messenger-new").fill(ben.slice(0, 8));
  await annaPage.getByRole("button", { name: "Suchen" }).click();
  await annaPage
    .getByRole("link", { name: new RegExp(`schreiben$`) })
    .first()
    .click();
  await expect(annaPage).toHaveURL(new RegExp(`/de/messenger/${ben}$`));
  await expect(annaPage.getByTestId("conversation-empty")).toBeVisible();

  // Text with a whitelisted and a foreign link, and a photo, in one multipart post.
  const photo = await jpeg(640, 480, { gps: true });
  await send(annaPage, "Hallo Ben! Infos: https://velora.de/hilfe und https://evil.example/x", [photo]);
  await expect(annaPage).toHaveURL(/done=sent/);
  const first = annaPage.getByTestId("message").last();
  await expect(first).toContainText("Hallo Ben!");
  await expect(first.getByRole("link", { name: "https://velora.de/hilfe" })).toHaveAttribute("href", "https://velora.de/hilfe");
  await expect(first.getByRole("link", { name: "https://evil.example/x" })).toHaveCount(0);
  const img = first.locator("img");
  await expect(img).toHaveCount(1);
  const src = (await img.getAttribute("src"))!;
  expect(src).toMatch(/^\/messenger-photo\/[0-9a-f]{32}\/\d+\.jpg$/);
  expect((await annaPage.request.get(src)).status()).toBe(200);
  // Nobody else sees it (the API test tries a third member): a guest gets 404.
  expect((await request.get(src)).status()).toBe(404);
  await expect(annaPage.getByTestId("messages")).toHaveAttribute("data-last-id", /^[1-9]\d*$/);

  // Ben: the header counts it, the list shows it unread; the conversation reads it; he answers with a photo.
  await benPage.goto("/de/messenger");
  await expect(benPage.getByTestId("nav-messages")).toContainText("1");
  const thread = benPage.locator(`[data-testid="thread"][data-username="${anna}"]`);
  await expect(benPage.getByTestId("thread-unread")).toHaveText("1");
  await benPage.screenshot({ path: testInfo.outputPath("messenger-list-390.png"), fullPage: true });
  await benPage.goto(`/de/messenger/${anna}`);
  await expect(benPage.getByTestId("message")).toHaveCount(1);
  expect((await benPage.request.get(src)).status()).toBe(200);
  await send(benPage, "Hallo Anna, hier ein Foto zurück.", [await jpeg(400, 300)]);
  await expect(benPage.getByTestId("message")).toHaveCount(2);
  await benPage.screenshot({ path: testInfo.outputPath("messenger-conversation-390.png"), fullPage: true });

  // Anna reloads and sees the answer; her first message is read now.
  await annaPage.getByTestId("conversation-reload").click();
  await expect(annaPage.getByTestId("message")).toHaveCount(2);
  await expect(annaPage.getByTestId("message").last()).toContainText("hier ein Foto zurück");
  await expect(annaPage.getByTestId("message").first()).toContainText("Gelesen");

  // Ben hides the thread and restores it from the hidden folder.
  await benPage.getByTestId("conversation-actions").locator(":scope > summary").click();
  await benPage.getByTestId("conversation-hide").click();
  await expect(benPage.getByTestId("messenger-done")).toContainText("ausgeblendet");
  await expect(benPage.getByTestId("messenger-empty")).toBeVisible();
  await benPage.getByTestId("messenger-folder-hidden").click();
  await expect(thread).toHaveCount(1);
  await thread.locator("summary").click();
  await thread.getByTestId("thread-restore").click();
  await expect(benPage.getByTestId("messenger-done")).toContainText("wieder im Posteingang");
  await expect(benPage.getByTestId("thread")).toHaveCount(1);

  // Ben says no thanks: Anna can no longer write and reads why.
  await benPage.goto(`/de/messenger/${anna}`);
  await benPage.getByTestId("conversation-actions").locator(":scope > summary").click();
  await benPage.getByTestId("conversation-no_thanks").click();
  await expect(benPage.getByTestId("conversation-state")).toHaveAttribute("data-state", "sent_no_thanks");
  await annaPage.goto(`/de/messenger/${ben}`);
  await expect(annaPage.getByTestId("conversation-state")).toHaveAttribute("data-state", "no_thanks");
  await expect(annaPage.getByTestId("compose")).toHaveCount(0);

  // Anna (basic) opens two more conversations, then the fourth first contact of the day is refused with the upgrade prompt.
  for (const other of others.slice(0, 2)) {
    await annaPage.goto(`/de/messenger/${other}`);
    await send(annaPage, "Hallo, magst du schreiben?");
    await expect(annaPage).toHaveURL(/done=sent/);
  }
  await annaPage.goto(`/de/messenger/${others[2]}`);
  // The page tells before a post, and offers no form that cannot succeed (ADR 068): the reason and the profile instead.
  await expect(annaPage.getByTestId("upgrade-prompt")).toBeVisible();
  await expect(annaPage.getByTestId("contact-rule")).toContainText("so viele neue Kontakte");
  await expect(annaPage.getByTestId("compose")).toHaveCount(0);
  await expect(annaPage.getByTestId("contact-rule-profile")).toHaveAttribute("href", `/de/p/${others[2]}`);
  await annaPage.screenshot({ path: testInfo.outputPath("messenger-upgrade-390.png"), fullPage: true });
});

test("a form posted twice with its key stores one message (a double submit without JavaScript)", async ({
  request,
  clientIp,
  browser,
  baseURL,
}) => {
  const { ben, annaPage } = await annaWritesToBen(request, clientIp, browser);
  await annaPage.goto(`/de/messenger/${ben}`);
  // The page rendered one key into the form's address; the browser posts it again on a double tap or a resend.
  const action = (await annaPage.getByTestId("compose").getAttribute("action"))!;
  expect(action).toMatch(/[?&]key=[^&]+/);
  await send(annaPage, "Nur einmal, bitte.");
  await expect(annaPage).toHaveURL(/done=sent/);
  const again = await annaPage.request.post(action, {
    headers: { origin: baseURL!, "x-forwarded-for": clientIp },
    multipart: { body: "Nur einmal, bitte." },
    maxRedirects: 0,
  });
  expect(again.status(), await again.text()).toBeLessThan(400);
  await annaPage.goto(`/de/messenger/${ben}`);
  await expect(annaPage.getByTestId("message")).toHaveCount(1);
  // A fresh page has a fresh key: the same text sent again on purpose is a second message.
  await send(annaPage, "Nur einmal, bitte.");
  await expect(annaPage.getByTestId("message")).toHaveCount(2);
});

test("a text posted as a plain form is sent like the compose form's; a refused one names the field and keeps the text; delete asks first", async ({
  request,
  clientIp,
  browser,
  baseURL,
}) => {
  const { ben, annaPage } = await annaWritesToBen(request, clientIp, browser);
  const post = (body: string) =>
    annaPage.request.post(`/de/messenger/${ben}`, {
      headers: { origin: baseURL!, "x-forwarded-for": clientIp },
      form: { body },
      maxRedirects: 0,
    });
  const sent = await post("Ohne Multipart geschrieben");
  expect(sent.status(), await sent.text()).toBe(302);
  expect(sent.headers().location).toContain("done=sent");
  await annaPage.goto(`/de/messenger/${ben}`);
  await expect(annaPage.getByTestId("message")).toHaveCount(1);
  await expect(annaPage.getByTestId("message")).toContainText("Ohne Multipart geschrieben");
  // Over the length: 400 with the length error, the text kept in the compose field.
  const tooLong = await post("ü".repeat(2001));
  expect(tooLong.status()).toBe(400);
  const page = await tooLong.text();
  expect(page).toMatch(/Höchstens 2\.?000 Zeichen/);
  expect(page).toContain("ü".repeat(2001));

  // Deleting for oneself cannot be undone: the button sits behind a second step that says so.
  await annaPage.getByTestId("conversation-actions").locator(":scope > summary").click();
  await expect(annaPage.getByTestId("conversation-delete")).toBeHidden();
  await annaPage.getByTestId("conversation-delete-step").locator("summary").click();
  await expect(annaPage.getByTestId("conversation-delete-step")).toContainText("endgültig");
  await annaPage.getByTestId("conversation-delete").click();
  await expect(annaPage).toHaveURL(/\/de\/messenger\?done=delete$/);
  await expect(annaPage.getByText("Die Unterhaltung ist für dich gelöscht.")).toBeVisible();
});
