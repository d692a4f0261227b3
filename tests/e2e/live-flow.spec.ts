/**
 * Issue 31's whole live flow through the product's pages (its "Tests" section, ADR 124–126, 130): a creator starts a
 * recorded stream at live/start and goes live from Chromium's fake camera on the watch page (WHIP); a second browser
 * with JavaScript watches over WebRTC; a third without JavaScript plays the HLS in the page's native <video>. A chat
 * line the JavaScript viewer sends appears for the creator over the socket without a reload (the small client store)
 * and on the no-JavaScript chat page after a refresh; a tip from the no-JavaScript viewer appears in the chat with
 * their name. The creator stops; the recording appears private in "my recordings" and plays for the creator.
 * RTMP with a stream key and a wrong key refused: tests/e2e/live-media.spec.ts (not repeated here).
 */
import { chromium, type Page } from "@playwright/test";
import { withE2eDb } from "./kyc-fixtures";
import { buyDollars, expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { verifyEmailOf } from "./live-fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const CITY = "Ulm";

/** Logged in through the login form, its redirect awaited (the next navigation would otherwise race it). */
async function signedIn(page: Page, username: string): Promise<void> {
  await logIn(page, username, SIGN_UP_PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

const readyState = (page: Page, selector: string) => page.locator(selector).evaluate((video: HTMLVideoElement) => video.readyState);

test("@js a creator goes live from the browser, viewers watch over WebRTC and HLS, chat and a tip arrive, the recording plays", async ({
  request,
  clientIp,
}, testInfo) => {
  test.setTimeout(300_000);
  const creator = await listedEscortIn(request, clientIp, CITY);
  const viewer = await listedClient(request, clientIp, 1);
  const noJsViewer = await listedClient(request, clientIp, 2);
  for (const member of [creator, viewer, noJsViewer]) verifyEmailOf(member);

  const baseURL = `http://127.0.0.1:${PORT}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  });
  const headers = { "x-dev-key": process.env.DEV_ROUTES_KEY ?? "e2e-dev-routes-key-0123456789abcdef", "x-forwarded-for": clientIp };
  try {
    // The creator: a recorded stream for everyone signed in, started now, then the camera and WHIP on its page.
    const host = await (
      await browser.newContext({ baseURL, locale: "de-DE", permissions: ["camera", "microphone"], extraHTTPHeaders: headers })
    ).newPage();
    await signedIn(host, creator);
    await host.goto("/de/live/start");
    const title = `Abend in Ulm ${Date.now() % 100000}`;
    await host.getByLabel("Titel").fill(title);
    await host.getByLabel(/Aufzeichnung behalten/).check();
    await host.getByTestId("live-start-submit").click();
    await expect(host).toHaveURL(/\/de\/live\/\d+$/);
    const watchPath = new URL(host.url()).pathname;
    const streamId = Number(watchPath.split("/").pop());
    await host.getByRole("button", { name: "Kamera einschalten" }).click();
    await host.getByTestId("live-publish-start").click();
    await expect(host.getByText("Du bist live.")).toBeVisible({ timeout: 20_000 });

    // A second browser with JavaScript watches over WebRTC (WHEP) on the watch page.
    const watcher = await (await browser.newContext({ baseURL, locale: "de-DE", extraHTTPHeaders: headers })).newPage();
    await signedIn(watcher, viewer);
    await watcher.goto(watchPath);
    await expect(watcher.locator("figure[data-mode=webrtc]")).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => readyState(watcher, "[data-testid=live-video]"), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    // A third without JavaScript plays the HLS in the page's native <video>.
    const noJs = await (
      await browser.newContext({
        baseURL,
        locale: "de-DE",
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        extraHTTPHeaders: headers,
      })
    ).newPage();
    await signedIn(noJs, noJsViewer);
    await noJs.goto(watchPath);
    const hls = (await noJs.getByTestId("live-video").getAttribute("src"))!;
    await expect.poll(async () => (await noJs.request.get(hls)).status(), { timeout: 40_000, intervals: [1000] }).toBe(200);
    await noJs.reload();
    await expect.poll(() => readyState(noJs, "[data-testid=live-video]"), { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
    await noJs.screenshot({ path: testInfo.outputPath("live-flow-nojs-watch-390.png"), fullPage: true });

    // The JavaScript viewer writes: the line appears for the creator without a reload (socket, client store) ...
    const line = `Hallo aus Ulm ${Date.now() % 1000}`;
    await watcher.getByLabel("Deine Nachricht").fill(line);
    await watcher.getByRole("button", { name: "Senden" }).click();
    await expect(host.getByTestId("live-chat-line").filter({ hasText: line })).toBeVisible({ timeout: 15_000 });
    // ... and on the chat page without JavaScript after a refresh.
    await noJs.goto(`${watchPath}/chat`);
    await expect(noJs.getByTestId("live-chat-line").filter({ hasText: line })).toBeVisible();

    // A tip from the viewer without JavaScript: in the chat with their name, for the creator without a reload.
    await buyDollars(noJs);
    await noJs.goto(`${watchPath}/chat`);
    await noJs.getByTestId("live-chat-tip-5").click();
    await expect(noJs.getByTestId("live-chat-tipped")).toBeVisible();
    const tip = host.locator('[data-testid="live-chat-line"][data-kind="tip"]');
    await expect(tip).toContainText(noJsViewer, { timeout: 15_000 });

    // The creator stops; the recording (private) appears in "my recordings" once stored, and plays for them.
    await host.getByTestId("live-stop").click();
    await expect(host.getByTestId("live-denial")).toBeVisible();
    expect(withE2eDb((db) => db.prepare("SELECT state FROM live_streams WHERE id = ?").get(streamId) as { state: string }).state).toBe(
      "ended",
    );
    await expect
      .poll(
        async () => {
          await host.goto("/de/live/recordings/mine");
          return host.getByTestId("live-recordings").filter({ hasText: title }).filter({ hasNotText: "Wird verarbeitet" }).count();
        },
        { timeout: 60_000, intervals: [2000] },
      )
      .toBe(1);
    await expect(host.getByTestId("live-recordings")).toContainText("Privat");
    await host.getByRole("link", { name: title }).click();
    const video = host.getByTestId("live-recording-video");
    await expect(video).toBeVisible();
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play().catch(() => {});
    });
    await expect.poll(() => readyState(host, "[data-testid=live-recording-video]"), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  } finally {
    await browser.close();
  }
});
