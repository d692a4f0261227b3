/**
 * The live-video engine's settings (ADR 125), read from the environment once with the rest of the configuration.
 * RTMP ingest is off unless LIVE_RTMP_PORT is set: an open TCP port is an operator's decision.
 */
import { resolve } from "node:path";

export interface LiveVideoConfig {
  /** Per-stream working folders (the HLS being written, the raw recording until the remux job stores it). */
  dir: string;
  /** RTMP ingest for OBS and similar tools; 0 turns it off. */
  rtmpPort: number;
  /** Address the RTMP listener binds to. */
  rtmpHost: string;
  /** The RTMP URL creators paste into OBS (without the key); derived from PUBLIC_URL's host when unset. */
  rtmpPublicUrl: string | null;
  /** Extra addresses werift offers as ICE host candidates (a container's public address, loopback in tests). */
  iceAddresses: string[];
  /**
   * WebRTC viewers one stream takes before new viewers get HLS only (werift's SRTP is pure JavaScript: one
   * process carries a limited number). Default DEFAULT_MAX_WEBRTC_VIEWERS (ADR 129, docs/performance.md).
   */
  maxWebrtcViewers: number;
  /** HLS segment length in seconds (the producer is asked for a key frame this often). */
  segmentSeconds: number;
  /**
   * Where viewers' HLS is read from (ADR 130): `disk` (the default: the instance running ffmpeg serves it) or
   * `storage` (finished segments and playlists are published through the storage port — S3 — so any instance serves).
   */
  hlsStore: "disk" | "storage";
}

/**
 * A 720p viewer costs the app ~2.2 % of a core (70 µs per packet, ~315 packets a second, measured on a quiet machine
 * by scripts/bench-live-webrtc.mjs): one core carried 30 viewers without drops at 80 % and dropped frames at 40; 25
 * leaves a third of the core for the API, chat, HLS and other streams of the process (ADR 129).
 */
export const DEFAULT_MAX_WEBRTC_VIEWERS = 25;

function intIn(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  return n;
}

function hlsStoreFrom(value: string | undefined): LiveVideoConfig["hlsStore"] {
  if (value === undefined || value === "" || value === "disk") return "disk";
  if (value === "storage") return "storage";
  throw new Error(`LIVE_HLS_STORE must be disk or storage, got ${value}`);
}

export function liveVideoConfigFrom(env: Record<string, string | undefined>): LiveVideoConfig {
  const rtmpPublicUrl = env.LIVE_RTMP_PUBLIC_URL || null;
  if (rtmpPublicUrl && !/^rtmps?:\/\/[^/]+/.test(rtmpPublicUrl)) throw new Error("LIVE_RTMP_PUBLIC_URL must be an rtmp(s):// URL");
  return {
    dir: resolve(env.LIVE_DIR ?? "data/live"),
    rtmpPort: intIn("LIVE_RTMP_PORT", env.LIVE_RTMP_PORT, 0, 0, 65535),
    rtmpHost: env.LIVE_RTMP_HOST || "0.0.0.0",
    rtmpPublicUrl,
    iceAddresses: (env.LIVE_ICE_ADDRESSES ?? "")
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
    maxWebrtcViewers: intIn("LIVE_MAX_WEBRTC_VIEWERS", env.LIVE_MAX_WEBRTC_VIEWERS, DEFAULT_MAX_WEBRTC_VIEWERS, 0, 10_000),
    segmentSeconds: intIn("LIVE_SEGMENT_SECONDS", env.LIVE_SEGMENT_SECONDS, 1, 1, 6),
    hlsStore: hlsStoreFrom(env.LIVE_HLS_STORE),
  };
}
