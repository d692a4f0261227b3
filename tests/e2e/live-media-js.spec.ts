/**
 * Issue 31, live video (ADR 125), with JavaScript: a creator publishes from Chromium's fake camera over WHIP, a second
 * browser watches over WebRTC (frames decoded), a third with JavaScript off plays the HLS in a native <video>. The spec
 * launches its own Chromium with the fake-camera flags; streams are written to the database as the streams part does
 * until its pages are merged (then the go-live and watch pages replace the bare pages here).
 */
import { chromium } from "@playwright/test";
import { CITY, insertStream, mediaOf, PORT, tokenOf } from "./live-media-fixtures";
import { expect, listedClient, listedEscortIn, test } from "./fixtures";

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
    // The go-live page is the streams part's (it sends publisherHeaders(): camera allowed); a bare page of our origin
    // stands in for it here, as every other page of the product forbids the camera.
    const producer = await (await browser.newContext({ baseURL, permissions: ["camera", "microphone"] })).newPage();
    await producer.route(`${baseURL}/e2e-live-producer`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>go live</title>" }),
    );
    await producer.goto("/e2e-live-producer");
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
    await viewer.route(`${baseURL}/e2e-live-viewer`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>watch</title>" }),
    );
    await viewer.goto("/e2e-live-viewer");
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
