/**
 * Issue 31, live video's media part (ADR 125), in the browser against the built server:
 * - a creator makes an OBS stream key on /de/live/keys without JavaScript (shown once, then only its hint);
 * - an OBS stand-in (ffmpeg pushing a test pattern over RTMP) with a wrong key is dropped, with the key it goes live
 *   and its HLS playlist answers;
 * (The browser publish, WebRTC and no-JS HLS viewers: live-media-js.spec.ts.)
 * Streams are created in the database as the streams part (livecore) does, until its pages are merged.
 */
import { insertStream, mediaOf, RTMP_PORT, rtmpPush, streamState, tokenOf, CITY } from "./live-media-fixtures";
import { expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

test("a creator makes an OBS stream key without JavaScript, shown once; RTMP with a wrong key is dropped, the key goes live", async ({
  page,
  request,
  clientIp,
}, testInfo) => {
  test.setTimeout(120_000);
  const escort = await listedEscortIn(request, clientIp, CITY);
  await logIn(page, escort, SIGN_UP_PASSWORD);
  await page.goto("/de/live/keys");
  await expect(page.getByRole("heading", { name: "Mit OBS streamen" })).toBeVisible();
  await expect(page.getByText("Du hast noch keinen Stream-Schlüssel.")).toBeVisible();
  await expect(page.getByText(`rtmp://127.0.0.1:${RTMP_PORT}/live`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("live-keys-empty-390.png"), fullPage: true });

  await page.getByRole("button", { name: "Stream-Schlüssel erstellen" }).click();
  const created = page.getByTestId("live-key-created");
  await expect(created).toContainText("nur dieses eine Mal");
  const key = await created.getByRole("textbox", { name: "Stream-Schlüssel" }).inputValue();
  expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await page.screenshot({ path: testInfo.outputPath("live-keys-created-390.png"), fullPage: true });
  const button = page.getByRole("button", { name: "Neuen Stream-Schlüssel erstellen" });
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // Opened again: the key is gone, only its hint shows.
  await page.goto("/de/live/keys");
  await expect(page.getByTestId("live-key-created")).toHaveCount(0);
  await expect(page.getByText(`${key.slice(0, 4)}… (verborgen)`)).toBeVisible();
  await expect(page.locator("body")).not.toContainText(key);

  // A client has no stream key page.
  const client = await listedClient(request, clientIp, 1);
  const clientToken = await tokenOf(request, clientIp, client);
  expect((await request.get("/api/v2/live/keys", { headers: { authorization: `Bearer ${clientToken}` } })).status()).toBe(403);

  // OBS stand-in: a wrong key is dropped and the stream stays scheduled; the creator's key takes it live.
  const id = insertStream(escort, "rtmp", "scheduled");
  const wrong = rtmpPush("w".repeat(32));
  const wrongExit = await Promise.race([wrong.exited, new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 10_000))]);
  wrong.child.kill("SIGKILL");
  expect(wrongExit).not.toBe("running");
  expect(streamState(id)).toBe("scheduled");

  const obs = rtmpPush(key);
  try {
    await expect.poll(() => streamState(id), { timeout: 15_000 }).toBe("live");
    const media = await mediaOf(request, clientToken, id);
    expect(media.whep).toBeNull();
    await expect.poll(async () => (await request.get(media.hls)).status(), { timeout: 30_000, intervals: [500] }).toBe(200);
    const playlist = await (await request.get(media.hls)).text();
    expect(playlist).toMatch(/seg-\d{5}\.ts/);
  } finally {
    obs.child.kill("SIGKILL");
  }
});
