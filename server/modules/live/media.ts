/**
 * The live module's door to the live-video engine (server/integrations/live-video, ADR 125): what the stream and
 * chat parts call without knowing how media flows — the addresses a viewer or the producer gets, stopping a stream's
 * media (and keeping its recording for the remux job), deleting a recording's files.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { ApiDeps } from "../../api/types";
import type { ByteRange, StoredObject } from "../../integrations/storage/storage";
import { enqueueJob } from "../../jobs/queue";
import type { LiveStreamRow } from "./access";
import { unpublishHls } from "./hls-publish";
import { liveStorageOf } from "./live-storage";
import { forgetStream } from "./media-cache";
import { runningEngine } from "./media-engine-registry";
import { signMediaToken } from "./media-tokens";
import type { LiveRecordingsTable } from "./schema";
import type { Selectable } from "kysely";

/** Where a viewer who may watch finds the media: the HLS playlist and, with JavaScript, the WHEP endpoint. */
export interface LiveMediaUrls {
  /** The HLS playlist (a native <video src> or hls.js plays it). */
  hls: string;
  /** The WHEP endpoint for low-latency WebRTC; null when the engine sends this audience to HLS. */
  whep: string | null;
}

/** The recording's file name under its storage prefix. */
export const RECORDING_FILE = "recording.mp4";

/**
 * The media addresses for a viewer the caller already admitted (liveAccess said watch). WHEP only for browser
 * streams (an RTMP publish is H.264 for HLS, not a WebRTC track) while the stream has room for WebRTC viewers.
 */
export function liveMediaUrls(deps: ApiDeps, stream: LiveStreamRow, viewerId: number): LiveMediaUrls {
  const base = `/api/v2/live-media/${stream.id}/${signMediaToken(deps, "watch", stream.id, viewerId)}`;
  const engine = runningEngine(deps);
  const full = engine ? engine.hasProducer(stream.id) && !engine.acceptsWebrtcViewer(stream.id) : false;
  return { hls: `${base}/index.m3u8`, whep: stream.ingest === "browser" && !full ? `${base}/whep` : null };
}

/** The WHIP endpoint for the stream's creator (the caller checked that the viewer is its PRODUCER). */
export function livePublishUrl(deps: ApiDeps, stream: LiveStreamRow): string | null {
  return stream.ingest === "browser"
    ? `/api/v2/live-media/${stream.id}/${signMediaToken(deps, "publish", stream.id, stream.creator_id)}/whip`
    : null;
}

/**
 * Stops every media session of the stream (producer, viewers, HLS writer). With `keepRecording`, the recording's
 * segments stay, its row is made (private, processing) and the job `live.recording_remux` stores it.
 */
export async function stopLiveMedia(deps: ApiDeps, streamId: number, options: { keepRecording: boolean }): Promise<void> {
  const engine = runningEngine(deps);
  forgetStream(deps, streamId);
  if (engine) await engine.stop(streamId, options);
  else if (!options.keepRecording) rmSync(join(deps.config.liveVideo.dir, String(streamId)), { recursive: true, force: true });
  await unpublishHls(deps, streamId);
  if (!options.keepRecording) return;
  const stream = await deps.db.selectFrom("live_streams").select(["id", "creator_id"]).where("id", "=", streamId).executeTakeFirst();
  if (!stream) return;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("live_recordings").select("id").where("stream_id", "=", streamId).executeTakeFirst();
    if (existing) return;
    const row = await trx
      .insertInto("live_recordings")
      .values({
        stream_id: streamId,
        creator_id: stream.creator_id,
        state: "processing",
        visibility: "private",
        price: null,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, deps.clock, "live.recording_remux", { recording_id: row.id }, { key: `live.recording_remux:${row.id}` });
  });
}

/**
 * The stored MP4 of a ready recording, with a byte range for seeking (null: none stored). The caller (the
 * recordings part, ADR 124) has decided that the viewer may see it.
 */
export async function openRecordingFile(
  deps: ApiDeps,
  recording: Pick<Selectable<LiveRecordingsTable>, "state" | "storage_prefix">,
  range?: ByteRange,
): Promise<StoredObject | null> {
  if (recording.state !== "ready" || !recording.storage_prefix) return null;
  return liveStorageOf(deps).open(`${recording.storage_prefix}/${RECORDING_FILE}`, range);
}

/** Removes every file of a recording: the stored MP4 and any segments still waiting for the remux. */
export async function deleteRecordingFiles(
  deps: ApiDeps,
  recording: Pick<Selectable<LiveRecordingsTable>, "stream_id" | "storage_prefix">,
): Promise<void> {
  if (recording.storage_prefix) await liveStorageOf(deps).delete(`${recording.storage_prefix}/${RECORDING_FILE}`);
  rmSync(join(deps.config.liveVideo.dir, String(recording.stream_id)), { recursive: true, force: true });
}
