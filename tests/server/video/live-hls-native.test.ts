/**
 * Live HLS as Chromium's native player needs it (issue 31, ADR 145). A publisher whose resolution changes mid-stream
 * (a browser's WebRTC encoder scales with its bandwidth estimate; made here by ffmpeg: 640×360, then 320×180, then
 * 640×360 again, as one stream with continuous timestamps and a key frame a second) goes through the live HLS writer's
 * own ffmpeg arguments (startRtmpHlsWriter reads any input URL). Every segment must stand alone — its first frame a key
 * frame, its SPS and PPS in band (ffprobe reads its size from the segment alone), timestamps continuing the previous
 * segment's — and carry the input's size of that moment. Then headless Chromium plays it natively, across both
 * changes, and a live playlist (no end tag) of three segments — the fewest the app serves — starts playing.
 */
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HLS_MIN_LIVE_SEGMENTS, listedSegmentCount, PLAYLIST_NAME, SEGMENT_PATTERN } from "#server/integrations/live-video/index";
import { startRtmpHlsWriter } from "#server/integrations/live-video/hls-writer";

const dir = mkdtempSync(join(tmpdir(), "velora-live-hls-"));
const hlsDir = join(dir, "hls");
const SIZES = ["640x360", "320x180", "640x360"] as const;
const SECONDS_EACH = 3;

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** One part of the publisher's stream: test pattern and tone, H.264 constrained baseline with a key frame a second. */
function part(name: string, size: string, tone: number): string {
  const path = join(dir, name);
  run("ffmpeg", [
    ...[
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=${size}:rate=15`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=${tone}:sample_rate=48000`,
    ],
    ...["-t", String(SECONDS_EACH), "-c:v", "libx264", "-profile:v", "baseline", "-g", "15", "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-ar", "48000", "-f", "mpegts", path],
  ]);
  return path;
}

interface SegmentProbe {
  name: string;
  size: string;
  start: number;
  duration: number;
  firstFrame: { key_frame: number; pict_type: string };
}

function probeSegment(name: string): SegmentProbe {
  const path = join(hlsDir, name);
  const info = JSON.parse(
    run("ffprobe", [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=width,height,start_time,duration",
      "-of",
      "json",
      path,
    ]),
  ) as { streams: { width: number; height: number; start_time: string; duration: string }[] };
  const frames = JSON.parse(
    run("ffprobe", [
      ...["-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1"],
      ...["-show_entries", "frame=key_frame,pict_type", "-of", "json", path],
    ]),
  ) as { frames: { key_frame: number; pict_type: string }[] };
  const stream = info.streams[0]!;
  return {
    name,
    size: `${stream.width}x${stream.height}`,
    start: Number(stream.start_time),
    duration: Number(stream.duration),
    firstFrame: frames.frames[0]!,
  };
}

let server: Server;
let port = 0;
let browser: Browser;
let segments: string[] = [];

beforeAll(async () => {
  mkdirSync(hlsDir);
  const list = join(dir, "parts.txt");
  writeFileSync(list, SIZES.map((size, i) => `file '${part(`part-${i}.ts`, size, 440 + 220 * i)}'`).join("\n"));
  // The concat demuxer keeps the timestamps running across the parts, as one publisher's stream.
  const input = join(dir, "publisher.ts");
  run("ffmpeg", ["-v", "error", "-f", "concat", "-safe", "0", "-i", list, "-c", "copy", input]);
  const writer = startRtmpHlsWriter(input, { hlsDir, keepSegments: true, segmentSeconds: 1, startNumber: 0 });
  const code = await new Promise<number | null>((resolve) => writer.once("exit", resolve));
  expect(code).toBe(0);
  segments = readdirSync(hlsDir)
    .filter((name) => SEGMENT_PATTERN.test(name))
    .sort();
  server = createServer((request, response) => {
    const path = join(dir, decodeURIComponent((request.url ?? "/").split("?")[0]!));
    if (request.url === "/" || !existsSync(path)) {
      response.writeHead(request.url === "/" ? 200 : 404, { "Content-Type": "text/html" });
      return response.end("<!doctype html><title>live hls</title>");
    }
    response.writeHead(200, { "Content-Type": path.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t" });
    response.end(readFileSync(path));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  port = typeof address === "object" && address ? address.port : 0;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Plays a playlist natively for `seconds`: decoded frames, the sizes shown, and the element's error. */
async function playNatively(playlist: string, seconds: number) {
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    return await page.evaluate(
      async ([src, ms]) => {
        const video = document.createElement("video");
        video.muted = true;
        document.body.append(video);
        let frames = 0;
        const sizes = new Set<string>();
        const tick = () => {
          frames += 1;
          sizes.add(`${video.videoWidth}x${video.videoHeight}`);
          video.requestVideoFrameCallback(tick);
        };
        video.requestVideoFrameCallback(tick);
        video.src = src;
        void video.play().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, ms));
        return {
          frames,
          sizes: [...sizes],
          error: video.error?.message ?? null,
          canPlay: video.canPlayType("application/vnd.apple.mpegurl"),
        };
      },
      [playlist, seconds * 1000] as const,
    );
  } finally {
    await page.close();
  }
}

function playlistOf(names: string[], ended: boolean): string {
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    "#EXT-X-TARGETDURATION:1",
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    ...names.flatMap((name) => ["#EXTINF:1.000,", `hls/${name}`]),
    ...(ended ? ["#EXT-X-ENDLIST"] : []),
    "",
  ].join("\n");
}

describe("live HLS for Chromium's native player", () => {
  it("writes segments that each start on a key frame with SPS/PPS in band, continuous timestamps, the input's size per segment", () => {
    const playlist = readFileSync(join(hlsDir, PLAYLIST_NAME), "utf8");
    expect(playlist).toContain("#EXT-X-INDEPENDENT-SEGMENTS");
    expect(listedSegmentCount(playlist)).toBeGreaterThanOrEqual(HLS_MIN_LIVE_SEGMENTS);
    expect(segments.length).toBeGreaterThanOrEqual(SIZES.length * SECONDS_EACH - 1);
    const probes = segments.map(probeSegment);
    for (const probe of probes) {
      expect(probe.firstFrame, probe.name).toMatchObject({ key_frame: 1, pict_type: "I" });
    }
    for (let i = 1; i < probes.length; i++) {
      const gap = probes[i]!.start - (probes[i - 1]!.start + probes[i - 1]!.duration);
      expect(Math.abs(gap), `${probes[i]!.name} follows ${probes[i - 1]!.name}`).toBeLessThan(0.1);
    }
    // The sizes in the order the publisher sent them: every change falls on a segment boundary (a new SPS in band).
    const order = probes.map((probe) => probe.size).filter((size, i, all) => i === 0 || all[i - 1] !== size);
    expect(order).toEqual([...SIZES]);
  });

  it("Chromium plays it natively across both size changes, and starts a live playlist of three segments", async () => {
    writeFileSync(join(dir, "all.m3u8"), playlistOf(segments, true));
    const whole = await playNatively("/all.m3u8", 10);
    expect(whole.canPlay).not.toBe("");
    expect(whole.error).toBeNull();
    expect(whole.sizes).toEqual(expect.arrayContaining(["640x360", "320x180"]));
    expect(whole.frames).toBeGreaterThan(60);

    writeFileSync(join(dir, "live.m3u8"), playlistOf(segments.slice(0, HLS_MIN_LIVE_SEGMENTS), false));
    const live = await playNatively("/live.m3u8", 3);
    expect(live.error).toBeNull();
    expect(live.frames).toBeGreaterThan(5);
  }, 60_000);
});
