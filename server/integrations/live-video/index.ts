/**
 * Live video (issue 31, ADR 125): werift for WebRTC (WHIP publish, WHEP viewers), Debian's ffmpeg for HLS and
 * recordings, node-media-server's RTMP listener for OBS. Engines are created by the live module on first use and
 * closed together when the server shuts down.
 */
import type { LiveVideoConfig } from "./config";
import { LiveVideoEngine, type LiveVideoHooks } from "./engine";

export type { LiveVideoConfig } from "./config";
export { LiveVideoEngine, type LiveVideoHooks, type ViewAnswer } from "./engine";
export { HLS_MIN_LIVE_SEGMENTS, listedSegmentCount, PLAYLIST_NAME, SEGMENT_PATTERN } from "./hls-writer";
export { recordingSegments, remuxRecording, type RemuxedRecording } from "./remux";

const engines = new Set<LiveVideoEngine>();

export function createLiveVideoEngine(config: LiveVideoConfig, hooks: LiveVideoHooks): LiveVideoEngine {
  const engine = new LiveVideoEngine(config, hooks);
  engines.add(engine);
  return engine;
}

/** Server shutdown (server/index.ts): every producer, viewer, ffmpeg and the RTMP listener end. */
export async function closeLiveVideoEngines(): Promise<void> {
  const open = [...engines];
  engines.clear();
  await Promise.all(open.map((engine) => engine.close()));
}
