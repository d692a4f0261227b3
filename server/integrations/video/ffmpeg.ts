/**
 * Debian's ffprobe and ffmpeg, called with spawn (COMPONENTS.md: no wrapper library, no downloaded binary).
 * probeVideo reads what a file really is; transcodeVideo writes the stored rendition (H.264/AAC MP4,
 * fast start, no metadata: phones put GPS positions into videos as they do into photos) and a poster
 * frame. Both are bounded in time; a file ffmpeg cannot read is an error, never a hang.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { VIDEO_OUTPUT } from "../../contract/media-video";

export interface VideoProbe {
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

const PROBE_TIMEOUT_MS = 30_000;
/** Five minutes of 4K at "veryfast" on one small core stays well inside this. */
export const ENCODE_TIMEOUT_MS = 30 * 60 * 1000;

function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    // Keep only the tail of stderr: ffmpeg reports progress there for minutes.
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString("utf8")).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`${command} failed (${signal ?? `exit ${code}`}): ${err.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}

/** What the file is; null when ffprobe cannot read it as a video with a picture. */
export async function probeVideo(path: string): Promise<VideoProbe | null> {
  let json: string;
  try {
    json = await run(
      "ffprobe",
      [
        "-v",
        "error",
        "-show_entries",
        "format=format_name,duration:stream=codec_type,width,height:stream_side_data=rotation",
        "-of",
        "json",
        path,
      ],
      PROBE_TIMEOUT_MS,
    );
  } catch {
    return null;
  }
  const parsed = JSON.parse(json) as {
    format?: { format_name?: string; duration?: string };
    streams?: Array<{ codec_type?: string; width?: number; height?: number; side_data_list?: Array<{ rotation?: number }> }>;
  };
  const video = parsed.streams?.find((stream) => stream.codec_type === "video" && stream.width && stream.height);
  const duration = Number(parsed.format?.duration);
  if (!video || !parsed.format?.format_name || !Number.isFinite(duration)) return null;
  // A portrait phone video is stored landscape with a rotation: report the upright size.
  const rotated = Math.abs(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
  return {
    container: parsed.format.format_name,
    durationMs: Math.round(duration * 1000),
    width: rotated ? video.height! : video.width!,
    height: rotated ? video.width! : video.height!,
    hasAudio: parsed.streams?.some((stream) => stream.codec_type === "audio") ?? false,
  };
}

/** The output size: fits maxLong × maxShort, never upscaled, even numbers (H.264 with 4:2:0 needs them). */
export function outputSize(width: number, height: number): { width: number; height: number } {
  const landscape = width >= height;
  const [maxW, maxH] = landscape ? [VIDEO_OUTPUT.maxLong, VIDEO_OUTPUT.maxShort] : [VIDEO_OUTPUT.maxShort, VIDEO_OUTPUT.maxLong];
  const scale = Math.min(1, maxW / width, maxH / height);
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(width), height: even(height) };
}

export interface TranscodeResult {
  videoPath: string;
  posterPath: string;
  width: number;
  height: number;
}

/** Writes video.mp4 and poster.jpg into `outDir`. */
export async function transcodeVideo(input: string, probe: VideoProbe, outDir: string): Promise<TranscodeResult> {
  const size = outputSize(probe.width, probe.height);
  const videoPath = join(outDir, "video.mp4");
  const posterPath = join(outDir, "poster.jpg");
  await run(
    "ffmpeg",
    [
      "-nostdin",
      "-y",
      "-i",
      input,
      "-map",
      "0:v:0",
      "-map",
      "0:a:0?",
      "-map_metadata",
      "-1",
      "-map_chapters",
      "-1",
      "-sn",
      "-dn",
      "-vf",
      `scale=${size.width}:${size.height},format=yuv420p`,
      "-c:v",
      "libx264",
      "-preset",
      VIDEO_OUTPUT.preset,
      "-crf",
      String(VIDEO_OUTPUT.crf),
      "-profile:v",
      "high",
      "-c:a",
      "aac",
      "-b:a",
      VIDEO_OUTPUT.audioBitrate,
      "-ac",
      "2",
      // The index first: playback starts before the whole file has arrived.
      "-movflags",
      "+faststart",
      videoPath,
    ],
    ENCODE_TIMEOUT_MS,
  );
  // A frame a moment in (the very first is often black), from the encoded file.
  const at = Math.min(1, probe.durationMs / 3000).toFixed(2);
  await run("ffmpeg", ["-nostdin", "-y", "-ss", at, "-i", videoPath, "-frames:v", "1", "-q:v", "2", posterPath], PROBE_TIMEOUT_MS);
  return { videoPath, posterPath, ...size };
}
