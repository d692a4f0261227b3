/**
 * Debian's ffmpeg for real (issue 10 item 3: "a video file is encoded by the real ffmpeg in CI"):
 * inputs made by ffmpeg itself — a phone-like MOV with a GPS position, a WebM without sound, a rotated
 * portrait clip — come out as H.264/AAC MP4 with fast start, the right size, no metadata, and a poster.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { outputSize, probeVideo, transcodeVideo } from "#server/integrations/video/ffmpeg";
import { writeTestClip, type TestClip } from "../../helpers/video";

const dir = mkdtempSync(join(tmpdir(), "velora-ffmpeg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A synthetic clip in the test's folder. */
const makeClip = (name: string, clip: TestClip): string => writeTestClip(join(dir, name), clip);

function streamsOf(path: string) {
  const json = execFileSync("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "format_tags:stream=codec_name,codec_type,width,height,pix_fmt",
    "-of",
    "json",
    path,
  ]);
  return JSON.parse(json.toString("utf8")) as {
    streams: Array<{ codec_name: string; codec_type: string; width?: number; height?: number; pix_fmt?: string }>;
    format: { tags?: Record<string, string> };
  };
}

describe("ffmpeg video pipeline", () => {
  it("encodes a 1080p MOV with sound to 1280×720 H.264/AAC MP4 without its GPS position, fast start, and a poster", async () => {
    const input = makeClip("phone.mov", {
      size: "1920x1080",
      seconds: 2,
      audio: true,
      extra: ["-c:v", "mpeg4", "-c:a", "aac", "-metadata", "location=+52.5200+013.4050/", "-metadata", "title=secret"],
    });
    const probe = await probeVideo(input);
    expect(probe).toMatchObject({ width: 1920, height: 1080, hasAudio: true });
    expect(probe!.container).toContain("mov");
    expect(probe!.durationMs).toBeGreaterThanOrEqual(1900);
    expect(streamsOf(input).format.tags?.location).toBeDefined();

    const out = mkdtempSync(join(dir, "out-"));
    const result = await transcodeVideo(input, probe!, out);
    expect(result).toMatchObject({ width: 1280, height: 720 });
    const encoded = streamsOf(result.videoPath);
    expect(encoded.streams.find((s) => s.codec_type === "video")).toMatchObject({
      codec_name: "h264",
      width: 1280,
      height: 720,
      pix_fmt: "yuv420p",
    });
    expect(encoded.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });
    expect(encoded.format.tags?.location).toBeUndefined();
    expect(encoded.format.tags?.title).toBeUndefined();
    // Fast start: the index (moov) comes before the media data (mdat).
    const bytes = readFileSync(result.videoPath);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
    expect(readFileSync(result.posterPath).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("encodes a silent WebM, keeps a small size, and writes no audio track", async () => {
    const input = makeClip("clip.webm", { size: "640x360", seconds: 1.5, audio: false, extra: ["-c:v", "libvpx", "-b:v", "300k"] });
    const probe = await probeVideo(input);
    expect(probe).toMatchObject({ width: 640, height: 360, hasAudio: false });
    const result = await transcodeVideo(input, probe!, mkdtempSync(join(dir, "out-")));
    expect(result).toMatchObject({ width: 640, height: 360 });
    expect(streamsOf(result.videoPath).streams.map((s) => s.codec_type)).toEqual(["video"]);
  });

  it("reports a portrait phone video upright and keeps it upright", async () => {
    const landscape = makeClip("portrait-source.mp4", {
      size: "1280x720",
      seconds: 1,
      audio: false,
      extra: ["-c:v", "libx264", "-preset", "ultrafast"],
    });
    // A phone stores portrait video as landscape frames plus a display rotation (written on a stream copy).
    const input = join(dir, "portrait.mp4");
    execFileSync("ffmpeg", ["-v", "error", "-i", landscape, "-c", "copy", "-metadata:s:v:0", "rotate=90", "-y", input]);
    const probe = await probeVideo(input);
    expect(probe).toMatchObject({ width: 720, height: 1280 });
    const result = await transcodeVideo(input, probe!, mkdtempSync(join(dir, "out-")));
    expect(result).toMatchObject({ width: 720, height: 1280 });
    expect(streamsOf(result.videoPath).streams[0]).toMatchObject({ width: 720, height: 1280 });
  });

  it("does not take a non-video for a video", async () => {
    const text = join(dir, "notes.mp4");
    writeFileSync(text, "this is not a video at all, only text with a video name");
    expect(await probeVideo(text)).toBeNull();
    const image = join(dir, "still.png");
    execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:duration=0.1", "-frames:v", "1", "-y", image]);
    // A still image has a picture but no duration worth a video (the upload rules refuse it).
    const still = await probeVideo(image);
    expect(still === null || still.durationMs < 1000 || !still.container.includes("mp4")).toBe(true);
  });

  it("sizes: never upscaled, within 1280×720 either way round, even", () => {
    expect(outputSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(outputSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(outputSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(outputSize(1001, 501)).toEqual({ width: 1002, height: 502 });
  });
});
