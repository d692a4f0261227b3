/** Synthetic clips made by the real ffmpeg, for the tests of the video pipeline (unit, API and e2e). */
import { execFileSync } from "node:child_process";

export interface TestClip {
  /** Width×height of ffmpeg's test pattern, e.g. "640x360". */
  size: string;
  seconds: number;
  /** A 440 Hz tone as the sound track. */
  audio: boolean;
  /** Output options: codecs, metadata. */
  extra?: string[];
}

/** Writes the clip to `path` (its ending picks the container) and returns the path. */
export function writeTestClip(path: string, clip: TestClip): string {
  execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      `testsrc=size=${clip.size}:rate=25:duration=${clip.seconds}`,
      ...(clip.audio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${clip.seconds}`] : []),
      ...(clip.extra ?? []),
      "-y",
      path,
    ],
    { stdio: "ignore" },
  );
  return path;
}
