// Glass-to-glass latency and start to first frame of live video (issue 31 "Measured when done", ADR 125, ADR 129).
// One command:
//   node scripts/bench-live-latency.mjs [--seconds 20] [--port 3415] [--app-core 1] [--keep-hls DIR]
// (--keep-hls copies every finished segment and each new playlist into DIR, to ffprobe what the players were given)
// - A fake camera file (y4m, 640x360 at 15 fps, 20 s, played in a loop by Chromium's
//   `--use-file-for-fake-video-capture`) carries its frame number in every frame as a pixel code: a row of 22 black or
//   white blocks across the top, 11 bits of the number and the same 11 bits inverted (a frame whose halves disagree is
//   a frame the reader caught mid-change or an encoder smeared, and is skipped).
// - The app is the real v2 API (SQLite in memory, as bench-live-hls.mjs), pinned with taskset to one core.
// - The publisher page does what the go-live page's script does (app/features/live-player/LivePublisher.tsx: camera
//   preview first, then "go live" = the WHIP offer) and reads the code from its own camera preview on every frame:
//   the moment a frame number first shows there is its capture time ("glass"). Both browsers run on this machine, so
//   every time is the same clock (Date.now()).
// - Two viewer pages wait for the stream before the publisher goes live: one over WebRTC (WHEP, retried while the
//   app answers 409 "no producer yet"), one over HLS (the playlist polled until it lists segments, then a native
//   <video src> — Chromium plays HLS). Each reads the code from every decoded frame (requestVideoFrameCallback, canvas
//   drawImage, getImageData); latency = when the viewer showed frame n − when the publisher's preview showed it.
// - Start to first frame = from "go live" (the WHIP offer is made) to the viewer's first decoded frame.
// Prints p50 / p95 / max per path, the app's CPU (from /proc) and the machine's load average at start and end.
import { spawn } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    port: { type: "string", default: "3415" },
    "app-core": { type: "string", default: "1" },
    "keep-hls": { type: "string" },
  },
});

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 15;
const LOOP_SECONDS = 20;
const BITS = 11;
const BLOCKS = BITS * 2;
/** The code's rows: tall blocks survive the encoder's scaling and blur. */
const CODE_HEIGHT = 48;

function load() {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The fake camera: raw I420 frames, grey with a moving bar (so the encoder sends real changes) and the code on top. */
function writeY4m(path) {
  const fd = openSync(path, "w");
  writeSync(fd, `YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const lumaSize = WIDTH * HEIGHT;
  const chromaSize = (WIDTH / 2) * (HEIGHT / 2);
  const frame = Buffer.alloc(lumaSize + 2 * chromaSize);
  const blockWidth = Math.floor(WIDTH / BLOCKS);
  for (let n = 0; n < FPS * LOOP_SECONDS; n++) {
    frame.fill(110, 0, lumaSize);
    frame.fill(128, lumaSize);
    const bar = Math.floor((n / (FPS * LOOP_SECONDS)) * (WIDTH - 40));
    for (let y = CODE_HEIGHT + 20; y < HEIGHT; y++) frame.fill(200, y * WIDTH + bar, y * WIDTH + bar + 40);
    for (let bit = 0; bit < BLOCKS; bit++) {
      const value = bit < BITS ? (n >> (BITS - 1 - bit)) & 1 : 1 - ((n >> (BITS - 1 - (bit - BITS))) & 1);
      for (let y = 0; y < CODE_HEIGHT; y++) frame.fill(value ? 235 : 16, y * WIDTH + bit * blockWidth, y * WIDTH + (bit + 1) * blockWidth);
    }
    writeSync(fd, "FRAME\n");
    writeSync(fd, frame);
  }
  closeSync(fd);
}

/**
 * Installed in every page: reads the code of each frame a <video> presents and records [frame number, Date.now()].
 * Runs in the browser (serialized by Playwright), so it carries its constants.
 */
function installReader({ bits, codeHeight }) {
  window.codeFrames = [];
  window.readCodes = (video) => {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    const step = () => {
      const at = Date.now();
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (width > 0) {
        if (canvas.width !== width) {
          canvas.width = width;
          canvas.height = height;
        }
        context.drawImage(video, 0, 0, width, height);
        const y = Math.floor(((codeHeight / 2) * height) / 360);
        const row = context.getImageData(0, y, width, 1).data;
        const blockWidth = width / (bits * 2);
        const bitAt = (i) => (row[Math.floor((i + 0.5) * blockWidth) * 4] > 128 ? 1 : 0);
        let n = 0;
        let valid = true;
        for (let i = 0; i < bits; i++) {
          const bit = bitAt(i);
          if (bit === bitAt(i + bits)) valid = false;
          n = (n << 1) | bit;
        }
        if (valid) window.codeFrames.push([n, at]);
      }
      video.requestVideoFrameCallback(step);
    };
    video.requestVideoFrameCallback(step);
  };
}

const port = Number(values.port);
const seconds = Number(values.seconds);
console.info(`load average at start: ${load()} (${new Date().toISOString()})`);
const dir = mkdtempSync(join(tmpdir(), "bench-live-latency-"));
const children = [];
let browser = null;
try {
  const y4m = join(dir, "camera.y4m");
  writeY4m(y4m);
  const app = spawn(
    "taskset",
    [
      ...["-c", values["app-core"], process.execPath, "scripts/bench-live-webrtc.mjs", "--serve"],
      ...["--dir", dir, "--viewers", "3", "--port", String(port)],
    ],
    // Its own process group: the app's ffmpeg (the HLS writer) ends with it.
    { stdio: ["ignore", "pipe", "inherit"], detached: true },
  );
  children.push(app);
  const ready = await new Promise((resolve, reject) => {
    let out = "";
    app.stdout.on("data", (chunk) => {
      out += chunk.toString();
      // Only a whole line: the JSON is larger than one pipe chunk.
      const line = out
        .split("\n")
        .slice(0, -1)
        .find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line));
    });
    app.once("exit", (code) => reject(new Error(`app exited ${code}`)));
  });
  const baseURL = `http://127.0.0.1:${ready.port}`;
  if (values["keep-hls"]) keepHls(ready.hlsDir, values["keep-hls"]);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      ...["--headless", "--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
      ...["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${y4m}`],
    ],
  });
  const page = async (path, permissions = []) => {
    const context = await browser.newContext({ baseURL, permissions });
    const p = await context.newPage();
    // A bare page of the app's origin (as tests/e2e/live-media-js.spec.ts): WHIP and WHEP refuse other origins.
    await p.route(`${baseURL}${path}`, (route) =>
      route.fulfill({ contentType: "text/html", body: `<!doctype html><title>${path}</title>` }),
    );
    await p.goto(path);
    await p.evaluate(installReader, { bits: BITS, codeHeight: CODE_HEIGHT });
    return p;
  };
  const publisher = await page("/bench-publisher", ["camera", "microphone"]);
  const webrtcViewer = await page("/bench-webrtc-viewer");
  const hlsViewer = await page("/bench-hls-viewer");
  const hlsjsViewer = await page("/bench-hlsjs-viewer");

  // The creator's camera preview (the go-live page shows it before "go live").
  await publisher.evaluate(async () => {
    const media = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 }, audio: true });
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = media;
    document.body.append(video);
    await video.play();
    window.readCodes(video);
    window.media = media;
  });

  // Viewers wait for the stream; each resolves with Date.now() of its first decoded frame.
  const webrtcFirst = webrtcViewer.evaluate(async (whep) => {
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    document.body.append(video);
    for (;;) {
      const pc = new RTCPeerConnection();
      pc.addTransceiver("video", { direction: "recvonly" });
      pc.addTransceiver("audio", { direction: "recvonly" });
      const stream = new MediaStream();
      pc.addEventListener("track", (event) => stream.addTrack(event.track));
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise((resolve) => {
        if (pc.iceGatheringState === "complete") return resolve();
        pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
        setTimeout(resolve, 2000);
      });
      const response = await fetch(whep, { method: "POST", headers: { "Content-Type": "application/sdp" }, body: pc.localDescription.sdp });
      if (response.status === 201) {
        await pc.setRemoteDescription({ type: "answer", sdp: await response.text() });
        video.srcObject = stream;
        void video.play().catch(() => {});
        return new Promise((resolve) => {
          video.requestVideoFrameCallback(() => resolve(Date.now()));
          window.readCodes(video);
        });
      }
      pc.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, ready.wheps[0]);
  // HLS as the watch page's player plays it (app/features/live-player/LivePlayer.tsx): natively where the browser can,
  // else hls.js with the same settings. Both are measured: Chromium has both.
  await hlsjsViewer.addScriptTag({ path: "node_modules/hls.js/dist/hls.min.js" });
  const playHls = ([playlist, mode]) =>
    (async () => {
      // As a player on the watch page: it gets the playlist once it lists segments (404 or empty before).
      for (;;) {
        const response = await fetch(playlist);
        if (response.status === 200 && (await response.text()).includes(".ts")) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const video = document.createElement("video");
      video.muted = true;
      video.playsInline = true;
      document.body.append(video);
      if (mode === "native") video.src = playlist;
      else {
        const player = new window.Hls({ lowLatencyMode: true, liveSyncDurationCount: 2 });
        player.loadSource(playlist);
        player.attachMedia(video);
      }
      void video.play().catch(() => {});
      return new Promise((resolve) => {
        video.requestVideoFrameCallback(() => resolve(Date.now()));
        window.readCodes(video);
      });
    })();
  // What the native player asked for and was answered (a stall shows as its last requests and the <video>'s events).
  const nativeRequests = [];
  hlsViewer.on("response", (response) =>
    nativeRequests.push(`${Date.now()} ${response.status()} ${response.url().split("/").slice(-2).join("/")}`),
  );
  hlsViewer.on("requestfailed", (request) => nativeRequests.push(`${Date.now()} failed ${request.url().split("/").slice(-1)[0]}`));
  await hlsViewer.evaluate(() => {
    window.videoEvents = [];
    const watch = (video) => {
      for (const name of ["error", "stalled", "waiting", "playing", "pause", "ended", "emptied"])
        video.addEventListener(name, () =>
          window.videoEvents.push(
            `${Date.now()} ${name}@${video.currentTime.toFixed(2)}${name === "error" ? ` ${video.error?.message}` : ""}`,
          ),
        );
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => n.nodeName === "VIDEO" && watch(n)))).observe(
      document.body,
      { childList: true },
    );
  });
  const hlsFirst = hlsViewer.evaluate(playHls, [ready.playlists[1], "native"]);
  const hlsjsFirst = hlsjsViewer.evaluate(playHls, [ready.playlists[2], "hls.js"]);
  await new Promise((resolve) => setTimeout(resolve, 1000));

  // "Go live": the publisher's WHIP offer, as LivePublisher's start() (exchangeSdp waits for candidates up to 2 s).
  const cpuBefore = cpuSeconds(ready.pid);
  const wentLive = await publisher.evaluate(async (whip) => {
    const started = Date.now();
    const pc = new RTCPeerConnection();
    for (const track of window.media.getTracks()) pc.addTransceiver(track, { direction: "sendonly" });
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
      setTimeout(resolve, 2000);
    });
    const response = await fetch(whip, { method: "POST", headers: { "Content-Type": "application/sdp" }, body: pc.localDescription.sdp });
    if (response.status !== 201) throw new Error(`WHIP answered ${response.status}`);
    await pc.setRemoteDescription({ type: "answer", sdp: await response.text() });
    window.producer = pc;
    return started;
  }, ready.whip);
  const timers = [];
  const timeout = (ms, what, viewer) =>
    new Promise((_, reject) => {
      const timer = setTimeout(async () => {
        // What the viewer's <video> says, to tell a stream that never came from a player that failed.
        const state = await viewer.evaluate(() => {
          const video = document.querySelector("video");
          return video
            ? { readyState: video.readyState, networkState: video.networkState, error: video.error?.message ?? video.error?.code }
            : null;
        });
        reject(new Error(`${what}: no frame in ${ms / 1000} s (${JSON.stringify(state)})`));
      }, ms);
      timers.push(timer);
    });
  // A path that shows no frame in 60 s is reported with its player's state; the others are still measured.
  const first = (promise, what, viewer) => Promise.race([promise, timeout(60_000, what, viewer)]).catch((error) => String(error.message));
  const [webrtcAt, hlsAt, hlsjsAt] = await Promise.all([
    first(webrtcFirst, "WebRTC", webrtcViewer),
    first(hlsFirst, "HLS", hlsViewer),
    first(hlsjsFirst, "HLS", hlsjsViewer),
  ]);
  timers.forEach(clearTimeout);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpu = cpuSeconds(ready.pid) - cpuBefore;
  const elapsed = (Date.now() - wentLive) / 1000;

  const published = await publisher.evaluate(() => window.codeFrames);
  // Capture time of frame n: the first time the preview showed it in each pass of the loop.
  const shown = new Map();
  let previous = -1;
  for (const [n, at] of published) {
    if (n !== previous) (shown.get(n) ?? shown.set(n, []).get(n)).push(at);
    previous = n;
  }
  const latencies = (frames, firstAt) => {
    const out = [];
    let last = -1;
    for (const [n, at] of frames) {
      if (n === last || at < firstAt) continue;
      last = n;
      // The latest capture of frame n before the viewer showed it (the loop repeats every LOOP_SECONDS).
      const captured = (shown.get(n) ?? []).filter((t) => t <= at).at(-1);
      if (captured !== undefined && at - captured < LOOP_SECONDS * 1000) out.push(at - captured);
    }
    return out.sort((a, b) => a - b);
  };
  const pct = (list, p) => (list.length ? list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] : NaN);
  const rows = [
    ["WebRTC (WHEP)", webrtcViewer, webrtcAt],
    ["HLS, native <video> (no JavaScript)", hlsViewer, hlsAt],
    ["HLS, hls.js (the player's settings)", hlsjsViewer, hlsjsAt],
  ];
  console.info(
    `fake camera ${WIDTH}x${HEIGHT} at ${FPS} fps (a ${LOOP_SECONDS}-s loop); app pinned to core ${values["app-core"]}; ${seconds} s measured after the first frames`,
  );
  console.info("| path | start to first frame | glass-to-glass p50 | p95 | max | frames read |");
  console.info("|---|---:|---:|---:|---:|---:|");
  for (const [name, viewer, firstAt] of rows) {
    if (typeof firstAt === "string") {
      console.info(`| ${name} | ${firstAt} | – | – | – | 0 |`);
      continue;
    }
    const list = latencies(await viewer.evaluate(() => window.codeFrames), firstAt);
    console.info(`| ${name} | ${firstAt - wentLive} ms | ${pct(list, 50)} ms | ${pct(list, 95)} ms | ${list.at(-1)} ms | ${list.length} |`);
  }
  const nativeState = await hlsViewer.evaluate(() => {
    const video = document.querySelector("video");
    const ranges = [];
    for (let i = 0; video && i < video.buffered.length; i++)
      ranges.push(`${video.buffered.start(i).toFixed(2)}–${video.buffered.end(i).toFixed(2)}`);
    return {
      currentTime: video?.currentTime,
      readyState: video?.readyState,
      error: video?.error?.message ?? null,
      buffered: ranges,
      events: window.videoEvents,
    };
  });
  console.info(`native player at the end: ${JSON.stringify(nativeState)}`);
  if (values["keep-hls"]) writeFileSync(join(values["keep-hls"], "native-requests.txt"), `${nativeRequests.join("\n")}\n`);
  console.info(
    `publisher preview frames read: ${published.length}; app CPU ${cpu.toFixed(1)} s in ${elapsed.toFixed(0)} s (${((cpu / elapsed) * 100).toFixed(0)} % of its core)`,
  );
  console.info(`load average at end: ${load()} (${new Date().toISOString()})`);
} finally {
  await browser?.close();
  for (const child of children) killGroup(child);
  rmSync(dir, { recursive: true, force: true });
}

/** Copies each finished segment and every changed playlist (numbered) out of the writer's folder while the run lasts. */
function keepHls(from, to) {
  mkdirSync(to, { recursive: true });
  let lastPlaylist = "";
  let playlists = 0;
  const timer = setInterval(() => {
    try {
      for (const name of readdirSync(from)) {
        if (name.endsWith(".ts") && !existsSync(join(to, name))) copyFileSync(join(from, name), join(to, name));
      }
      const playlist = readFileSync(join(from, "index.m3u8"), "utf8");
      if (playlist !== lastPlaylist)
        writeFileSync(join(to, `index-${String(++playlists).padStart(4, "0")}.m3u8`), (lastPlaylist = playlist));
    } catch {
      // No playlist yet, or a segment deleted while listed: the next pass.
    }
  }, 200);
  timer.unref();
}

/** Ends a child and, when it leads a process group (the app), everything it started. */
function killGroup(child) {
  try {
    process.kill(child.spawnargs.includes("--serve") ? -child.pid : child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
