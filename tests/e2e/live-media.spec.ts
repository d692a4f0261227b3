/**
 * Issue 31, live video's media part (ADR 125), in the browser against the built server:
 * - a creator makes an OBS stream key on /de/live/keys without JavaScript (shown once, then only its hint);
 * - an OBS stand-in (ffmpeg pushing a test pattern over RTMP) with a wrong key is dropped, with the key it goes live
 *   and its HLS playlist answers;
 * - @js: a creator publishes from Chromium's fake camera over WHIP, a second browser watches over WebRTC (frames
 *   decoded), a third with JavaScript off plays the HLS in a native <video>.
 * Streams are created in the database as the streams part (livecore) does, until its pages are merged.
 */
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { chromium, type APIRequestContext } from "@playwright/test";
import { e2eDatabasePath } from "./e2e-database";
import { expect, listedClient, listedEscortIn, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const RTMP_PORT = PORT + 20000;
const CITY = "Stuttgart";

function insertStream(username: string, ingest: "browser" | "rtmp", state: "live" | "scheduled"): number {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const user = db.prepare("select id from users where username = ?").get(username) as { id: number };
    const now = Date.now();
    const live = state === "live" ? now : null;
    const { lastInsertRowid } = db
      .prepare(
        `insert into live_streams (creator_id, title, category, audience, ingest, state, record, started_at, producer_seen_at, created_at, updated_at)
         values (?, 'E2E live', 'chat', 'logged_in', ?, ?, 0, ?, ?, ?, ?)`,
      )
      .run(user.id, ingest, state, live, live, now, now);
    return Number(lastInsertRowid);
  } finally {
    db.close();
  }
}

function streamState(id: number): string {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true, readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return (db.prepare("select state from live_streams where id = ?").get(id) as { state: string }).state;
  } finally {
    db.close();
  }
}

async function tokenOf(request: APIRequestContext, clientIp: string, username: string): Promise<string> {
  const login = await request.post("/oauth/v2/token", {
    headers: { "x-forwarded-for": clientIp },
    form: { grant_type: "password", username, password: SIGN_UP_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

async function mediaOf(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`/api/v2/live/streams/${id}/media`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { hls: string; whep: string | null; whip: string | null } }).data;
}

function rtmpPush(key: string) {
  const child = spawn(
    "ffmpeg",
    [
      ...["-nostdin", "-v", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac"],
      ...["-f", "flv", `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`],
    ],
    { stdio: "ignore" },
  );
  return { child, exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
}

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

test("@js a creator publishes from the browser, a second browser watches over WebRTC, a third without JavaScript plays HLS", async ({
  request,
  clientIp,
}) => {
  test.setTimeout(150_000);
  const escort = await listedEscortIn(request, clientIp, CITY);
  const client = await listedClient(request, clientIp, 1);
  const id = insertStream(escort, "browser", "live");
  const producerMedia = await mediaOf(request, await tokenOf(request, clientIp, escort), id);
  const viewerMedia = await mediaOf(request, await tokenOf(request, clientIp, client), id);
  expect(producerMedia.whip).toBeTruthy();
  expect(viewerMedia.whep).toBeTruthy();

  // Chromium with a fake camera: the spec launches its own browser with the flags.
  const baseURL = `http://127.0.0.1:${PORT}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  });
  try {
    const producer = await (await browser.newContext({ baseURL, permissions: ["camera", "microphone"] })).newPage();
    await producer.goto("/de");
    const started = Date.now();
    const answered = await producer.evaluate(async (whip) => {
      const media = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: true });
      const pc = new RTCPeerConnection();
      for (const track of media.getTracks()) pc.addTransceiver(track, { direction: "sendonly" });
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === "complete") return resolve();
        pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
        setTimeout(resolve, 2000);
      });
      const response = await fetch(whip, {
        method: "POST",
        headers: { "Content-Type": "application/sdp" },
        body: pc.localDescription!.sdp,
      });
      if (response.status !== 201) return response.status;
      await pc.setRemoteDescription({ type: "answer", sdp: await response.text() });
      (window as unknown as { producer: RTCPeerConnection }).producer = pc;
      return 201;
    }, producerMedia.whip!);
    expect(answered).toBe(201);

    const viewer = await (await browser.newContext({ baseURL })).newPage();
    await viewer.goto("/de");
    const decoded = await viewer.evaluate(async (whep) => {
      const pc = new RTCPeerConnection();
      pc.addTransceiver("video", { direction: "recvonly" });
      pc.addTransceiver("audio", { direction: "recvonly" });
      const stream = new MediaStream();
      pc.addEventListener("track", (event) => stream.addTrack(event.track));
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === "complete") return resolve();
        pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
        setTimeout(resolve, 2000);
      });
      const response = await fetch(whep, {
        method: "POST",
        headers: { "Content-Type": "application/sdp" },
        body: pc.localDescription!.sdp,
      });
      if (response.status !== 201) return { status: response.status, readyState: 0, time: 0 };
      await pc.setRemoteDescription({ type: "answer", sdp: await response.text() });
      const video = document.createElement("video");
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      document.body.append(video);
      await video.play().catch(() => {});
      const until = Date.now() + 20_000;
      while ((video.readyState < 2 || video.currentTime < 1) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      return { status: 201, readyState: video.readyState, time: video.currentTime };
    }, viewerMedia.whep!);
    expect(decoded.status).toBe(201);
    expect(decoded.readyState).toBeGreaterThanOrEqual(2);
    expect(decoded.time).toBeGreaterThan(0.5);
    testInfo().annotations.push({ type: "first WebRTC frame after publish (ms)", description: String(Date.now() - started) });

    // Without JavaScript: a native <video> on the HLS playlist (Chromium plays HLS natively).
    const noJs = await (await browser.newContext({ baseURL, javaScriptEnabled: false })).newPage();
    const html = `<!doctype html><title>hls</title><video src="${baseURL}${viewerMedia.hls}" muted autoplay playsinline></video>`;
    await noJs.route(`${baseURL}/e2e-live-player`, (route) => route.fulfill({ contentType: "text/html", body: html }));
    await expect.poll(async () => (await request.get(viewerMedia.hls)).status(), { timeout: 30_000, intervals: [500] }).toBe(200);
    await noJs.goto("/e2e-live-player");
    await expect.poll(() => noJs.locator("video").evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 30_000 }).toBe(4);
  } finally {
    await browser.close();
  }
});

function testInfo() {
  return test.info();
}
