/**
 * A recording's HLS segments (MPEG-TS, kept by the HLS writer) become one MP4 without re-encoding (`-c copy`, fast
 * start, no metadata): what the job `live.recording_remux` stores through the storage port (ADR 125). The concat
 * demuxer reads a list file, so an hour of one-second segments does not overflow a command line.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probeVideo } from "../video/ffmpeg";
import { SEGMENT_PATTERN } from "./hls-writer";

export interface RemuxedRecording {
  path: string;
  durationMs: number;
  sizeBytes: number;
}

const REMUX_TIMEOUT_MS = 10 * 60 * 1000;

/** The segments in a stream's HLS folder, in the order they were written. */
export function recordingSegments(hlsDir: string): string[] {
  if (!existsSync(hlsDir)) return [];
  return readdirSync(hlsDir)
    .filter((name) => SEGMENT_PATTERN.test(name))
    .sort((a, b) => Number(a.slice(4, -3)) - Number(b.slice(4, -3)))
    .map((name) => join(hlsDir, name));
}

/** Joins `segments` (in order) into `output`; null when ffmpeg finds no playable video in them. */
export async function remuxRecording(segments: string[], output: string): Promise<RemuxedRecording | null> {
  if (segments.length === 0) return null;
  const list = `${output}.txt`;
  // The concat demuxer's list: one quoted path a line (our own file names: no quotes inside).
  writeFileSync(list, segments.map((path) => `file '${path}'`).join("\n"));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      "ffmpeg",
      [
        ...["-nostdin", "-y", "-hide_banner", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", list],
        ...["-map", "0:v:0?", "-map", "0:a:0?", "-c", "copy", "-map_metadata", "-1", "-movflags", "+faststart", output],
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString("utf8")).slice(-2000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), REMUX_TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg remux failed (exit ${code}): ${err.trim().split("\n").slice(-2).join(" | ")}`));
    });
  });
  const probe = await probeVideo(output);
  if (!probe) return null;
  return { path: output, durationMs: probe.durationMs, sizeBytes: statSync(output).size };
}
