import type { Browser, BrowserContext, Page } from "@playwright/test";
import { jpeg } from "../helpers/images";
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

/** The live endpoint's sends (…/live?key={client key}); its resyncs (…/live?after=) pass untouched. */
const LIVE = /\/live\?key=/;

/**
 * Issue 12 with JavaScript (ADR 042/043 "Client"): two members in two browsers. A message sent in one appears in the
 * other without reload; the receiver goes offline, several messages are sent, it comes back: all are there, each
 * once, in order. Sends are optimistic and show their status; a refused send offers a retry; the thread list
 * follows without reload.
 */

async function jsMemberPage(browser: Browser, clientIp: string, username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await logIn(page, username, SIGN_UP_PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  // Sending needs a verified e-mail address (ADR 024): the dev mailbox's link.
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${username}@example.test`)}`);
  const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
  await page.goto(link!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
  return { context, page };
}

/** Opens a conversation and waits until its live client is connected and the composer is taken over. */
async function openLive(page: Page, partner: string) {
  await page.goto(`/de/messenger/${partner}`);
  await expect(page.getByTestId("compose")).toHaveAttribute("data-live", "ready");
  await expect(page.getByTestId("live-connection")).toHaveAttribute("data-connection", "open");
}

async function sendLive(page: Page, text: string) {
  await page.getByLabel(/^Nachricht an/).fill(text);
  await page.getByTestId("compose-send").click();
}

const texts = (page: Page) => page.getByTestId("messages").getByTestId("message").allInnerTexts();

/**
 * Marks the page (a reload would lose the mark) and records the notifications that reach it (the popups' source), so
 * the test can check that it never reloaded and that none raised a popup here.
 */
async function markStayAndWatchNotifications(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { stayed: boolean; notified: string[] };
    w.stayed = true;
    w.notified = [];
    window.addEventListener("velora:realtime", (e) => {
      const event = (e as CustomEvent<{ type: string; url: string | null }>).detail;
      if (event.type === "notification") w.notified.push(String(event.url));
    });
  });
}

test("@js a message appears in the other browser without reload; after the network drops and returns nothing is missing or twice", async ({
  browser,
  request,
  clientIp,
}, testInfo) => {
  test.setTimeout(180_000);
  const anna = await listedClient(request, clientIp, 2);
  const ben = await listedClient(request, clientIp, 1);
  const a = await jsMemberPage(browser, clientIp, anna);
  const b = await jsMemberPage(browser, clientIp, ben);

  // Both open the (still empty) conversation; Ben's page must never reload from here on.
  await openLive(b.page, anna);
  await markStayAndWatchNotifications(b.page);
  await openLive(a.page, ben);

  // An optimistic send shows its status at once, then the stored message replaces it.
  await a.page.route(LIVE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await sendLive(a.page, "Hallo Ben, live!");
  const pending = a.page.locator('[data-testid="message"][data-status="sending"]');
  await expect(pending).toContainText("Wird gesendet");
  await expect(a.page.getByLabel(/^Nachricht an/)).toHaveValue("");
  const sent = a.page.locator('[data-testid="message"][data-status="success"]');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("Hallo Ben, live!");
  await expect(sent).toHaveAttribute("data-message-id", /^[1-9]\d*$/);
  await a.page.unroute(LIVE);

  // Ben sees it without reload.
  await expect(b.page.getByTestId("messages").getByTestId("message")).toContainText(["Hallo Ben, live!"]);
  expect(await b.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Ben's network goes away; Anna sends three messages; Ben comes back: all there, once each, in order.
  await b.context.setOffline(true);
  await expect(b.page.getByTestId("live-connection")).toHaveAttribute("data-connection", "reconnecting", { timeout: 20_000 });
  await expect(b.page.getByTestId("live-connection")).toContainText("Verbindung unterbrochen");
  const burst = ["eins", "zwei", "drei"];
  for (const text of burst) {
    await sendLive(a.page, text);
    await expect(a.page.locator('[data-testid="message"][data-status="success"]').last()).toContainText(text);
  }
  await b.page.screenshot({ path: testInfo.outputPath("messenger-live-offline-390.png"), fullPage: true });
  await b.context.setOffline(false);
  await expect(b.page.getByTestId("live-connection")).toHaveAttribute("data-connection", "open", { timeout: 30_000 });
  await expect
    .poll(async () => (await texts(b.page)).map((t) => t.split("\n")[0]), { timeout: 20_000 })
    .toEqual(["Hallo Ben, live!", ...burst]);
  const ids = await b.page.getByTestId("message").evaluateAll((items) => items.map((li) => Number(li.getAttribute("data-message-id"))));
  expect(new Set(ids).size).toBe(4);
  expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  expect(await b.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The conversation on screen shows the messages; their notifications arrive but raise no popup there.
  await expect.poll(() => b.page.evaluate(() => (window as unknown as { notified: string[] }).notified)).toContain(`messenger/${anna}`);
  // (The popup region is made with the first popup and stays: a popup that came and went would leave it.)
  await expect(b.page.getByTestId("notification-popups")).toHaveCount(0);

  // Ben answers with a photo: "preparing" while it goes up, then the stored message with its picture on both sides.
  await b.page.route(LIVE, async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await b.page.getByLabel(/^Nachricht an/).fill("Ein Foto");
  await b.page.getByLabel(/^Fotos/).setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
  await b.page.getByTestId("compose-send").click();
  await expect(b.page.locator('[data-testid="message"][data-status="preparing"]')).toContainText("Fotos werden vorbereitet");
  await expect(b.page.locator('[data-testid="message"][data-mine="1"][data-status="success"]').locator("img")).toHaveCount(1, {
    timeout: 20_000,
  });
  await b.page.unroute(LIVE);
  await expect(a.page.locator('[data-testid="message"][data-mine="0"]').last().locator("img")).toHaveCount(1);
  await a.page.screenshot({ path: testInfo.outputPath("messenger-live-conversation-390.png"), fullPage: true });

  // A refused send fails with its reason and a retry button; the retry goes through.
  let refuse = true;
  const keys: Array<string | null> = [];
  await a.page.route(LIVE, async (route) => {
    if (route.request().method() === "POST") keys.push(new URL(route.request().url()).searchParams.get("key"));
    if (route.request().method() !== "POST" || !refuse) return route.continue();
    await route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ ok: false, errors: ["exception.messenger.overall_message_limit"], upgrade: false }),
    });
  });
  await sendLive(a.page, "Noch einmal");
  const failed = a.page.locator('[data-testid="message"][data-status="fail"]');
  await expect(failed).toContainText("Nicht gesendet");
  refuse = false;
  // Ben's open conversation takes the message from its socket event (ADR 052) and marks the thread read up to it.
  const benReads = b.page.waitForResponse(
    (response) => /\/live\?read=\d+&up_to=\d+$/.test(response.url()) && response.request().method() === "POST",
  );
  await failed.getByTestId("message-retry").click();
  await expect(a.page.locator('[data-testid="message"][data-status="success"]').last()).toContainText("Noch einmal");
  // Both tries of the message carried the same client key (ADR 048): a retry never stores a second copy.
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(keys[1]).toBe(keys[0]);
  await expect(a.page.locator('[data-testid="message"][data-status="fail"]')).toHaveCount(0);
  await expect(b.page.getByTestId("message").last()).toContainText("Noch einmal");
  expect((await benReads).status()).toBe(204);

  // The thread list follows without reload: unread count and last message.
  await b.page.goto("/de/messenger");
  const thread = b.page.locator(`[data-testid="thread"][data-username="${anna}"]`);
  await expect(thread).toBeVisible();
  await expect(thread.locator('span[data-testid="thread-unread"]')).toHaveCount(0);
  await markStayAndWatchNotifications(b.page);
  await expect(b.page.getByTestId("live-connection")).toHaveAttribute("data-connection", "open");
  await sendLive(a.page, "Schon gelesen?");
  await expect(thread.locator('span[data-testid="thread-unread"]')).toHaveText("1", { timeout: 20_000 });
  await expect(thread).toContainText("Schon gelesen?");
  expect(await b.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await b.page.screenshot({ path: testInfo.outputPath("messenger-live-list-390.png"), fullPage: true });

  // Elsewhere on the site the small connector holds the socket and hands every event on to the popups' listener.
  await a.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    window.addEventListener("velora:realtime", (event) => seen.push((event as CustomEvent<{ type: string }>).detail.type));
  });
  await a.page.goto("/de/my_dashboard");
  await expect.poll(() => a.page.evaluate(() => typeof (window as unknown as { veloraRealtime?: object }).veloraRealtime)).toBe("object");
  await openLive(b.page, anna);
  // The connector's socket may still be opening: send until a hint has arrived (each send is a new hint).
  await expect
    .poll(
      async () => {
        await sendLive(b.page, "Bist du da?");
        await a.page.waitForTimeout(1_000);
        return a.page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      },
      { timeout: 30_000 },
    )
    .toContain("message");

  await a.context.close();
  await b.context.close();
});
