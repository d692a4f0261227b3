/**
 * The live module's door to the live-video engine (server/integrations/live-video, ADR 125): what the stream and
 * chat parts call without knowing how media flows. Foundation placeholders: the livemedia part implements them.
 */
import type { ApiDeps } from "../../api/types";
import type { LiveStreamRow } from "./access";

/** Where a viewer who may watch finds the media: the HLS playlist and, with JavaScript, the WHEP endpoint. */
export interface LiveMediaUrls {
  /** The HLS playlist (a native <video src> or hls.js plays it). */
  hls: string;
  /** The WHEP endpoint for low-latency WebRTC; null when the engine sends this audience to HLS. */
  whep: string | null;
}

/** The media URLs for a viewer the caller already admitted (liveAccess said watch). */
export function liveMediaUrls(_deps: ApiDeps, stream: LiveStreamRow, _viewerId: number): LiveMediaUrls {
  return { hls: `/live-media/${stream.id}/index.m3u8`, whep: null };
}

/** Stops every media session of the stream (producer, viewers, HLS writer); keeps the recording's files when asked. */
export async function stopLiveMedia(_deps: ApiDeps, _streamId: number, _options: { keepRecording: boolean }): Promise<void> {}

/**
 * Placeholder added by the streams part (livecore) so recording deletion compiles before the merge: livemedia's
 * version (same name and signature, agreed in the brief) deletes every file under the recording's storage prefix.
 */
export async function deleteRecordingFiles(_deps: ApiDeps, _recording: { id: number; storage_prefix: string | null }): Promise<void> {}
