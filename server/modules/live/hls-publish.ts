/**
 * Live HLS through the storage port (issue 31 item 6, ADR 130). ffmpeg writes a stream's playlist and segments to the
 * local disk of the instance that receives the producer; with LIVE_HLS_STORE=storage that instance publishes them
 * through the storage port (S3), so every app instance — and a CDN in front of them — serves viewers from the bucket.
 *
 * The order keeps readers whole: ffmpeg writes a segment under a temporary name and renames it before naming it in
 * the playlist (`temp_file`), so a segment the playlist names is finished; here every new segment it names is stored
 * before the playlist that names it, so no instance reads a playlist whose segment is missing. Segments that left the
 * window are deleted once SEGMENTS_KEPT_BEHIND newer ones followed (a player holding an older playlist still finds its
 * next segments); the stream's stop deletes the rest. What a crashed instance leaves under `live-hls/` is for the
 * bucket's expiry rule (ADR 130).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ApiDeps } from "../../api/types";
import { HLS_PLAYLIST_TYPE, HLS_SEGMENT_TYPE } from "../../contract/live-media";
import { PLAYLIST_NAME, SEGMENT_PATTERN } from "../../integrations/live-video/index";
import { liveStorageOf } from "./live-storage";

/** The storage folder of live HLS, apart from media and recordings (an S3 expiry rule can name it). */
export const HLS_STORAGE_PREFIX = "live-hls";
/** How often the publishing instance looks for a new playlist: well under one segment, so viewers lag by little. */
export const HLS_PUBLISH_INTERVAL_MS = 250;
/** Segments kept in storage behind the playlist's window (ffmpeg keeps 4 on disk: hls_delete_threshold). */
const SEGMENTS_KEPT_BEHIND = 4;

export const hlsStorageKey = (streamId: number, name: string) => `${HLS_STORAGE_PREFIX}/${streamId}/${name}`;

export const hlsFromStorage = (deps: ApiDeps) => deps.config.liveVideo.hlsStore === "storage";

interface Published {
  /** Segment names stored, oldest first. */
  segments: string[];
  /** The playlist text last stored. */
  playlist: string | null;
}

const publishedByDeps = new WeakMap<ApiDeps, Map<number, Published>>();

function publishedOf(deps: ApiDeps): Map<number, Published> {
  let map = publishedByDeps.get(deps);
  if (!map) publishedByDeps.set(deps, (map = new Map()));
  return map;
}

/**
 * One pass for one stream: stores the segments the playlist on disk names and storage lacks, then the playlist, then
 * deletes segments long out of the window. Answers how many segments it stored (0: nothing new or no playlist yet).
 */
export async function publishHls(deps: ApiDeps, streamId: number): Promise<number> {
  const dir = join(deps.config.liveVideo.dir, String(streamId), "hls");
  const playlist = await readFile(join(dir, PLAYLIST_NAME), "utf8").catch(() => null);
  const streams = publishedOf(deps);
  let state = streams.get(streamId);
  if (playlist === null || playlist === state?.playlist) return 0;
  if (!state) streams.set(streamId, (state = { segments: [], playlist: null }));
  const storage = liveStorageOf(deps);
  const listed = playlist
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => SEGMENT_PATTERN.test(line));
  let stored = 0;
  for (const name of listed) {
    if (state.segments.includes(name)) continue;
    await storage.putFile(hlsStorageKey(streamId, name), join(dir, name), { contentType: HLS_SEGMENT_TYPE });
    state.segments.push(name);
    stored += 1;
  }
  await storage.put(hlsStorageKey(streamId, PLAYLIST_NAME), Buffer.from(playlist, "utf8"), { contentType: HLS_PLAYLIST_TYPE });
  state.playlist = playlist;
  while (state.segments.length > listed.length + SEGMENTS_KEPT_BEHIND) {
    await storage.delete(hlsStorageKey(streamId, state.segments.shift()!));
  }
  return stored;
}

/** The stream's media stopped: its playlist first (no instance names a segment any more), then every segment. */
export async function unpublishHls(deps: ApiDeps, streamId: number): Promise<void> {
  const streams = publishedOf(deps);
  const state = streams.get(streamId);
  if (!state) return;
  streams.delete(streamId);
  const storage = liveStorageOf(deps);
  await storage.delete(hlsStorageKey(streamId, PLAYLIST_NAME));
  for (const name of state.segments) await storage.delete(hlsStorageKey(streamId, name));
}

/**
 * With LIVE_HLS_STORE=storage, the instance publishes the HLS of every stream it writes (a folder under LIVE_DIR whose
 * stream is live; `isLive` is the routes' cached answer) every HLS_PUBLISH_INTERVAL_MS. One pass at a time; a failed
 * upload is logged and retried on the next pass. The timer never keeps the process alive.
 */
export function startHlsPublisher(deps: ApiDeps, writing: () => number[], isLive: (streamId: number) => Promise<boolean>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      for (const streamId of writing()) {
        try {
          if (await isLive(streamId)) await publishHls(deps, streamId);
        } catch (error) {
          deps.log.warn({ streamId, error: String(error) }, "publishing live HLS to storage failed; retried on the next pass");
        }
      }
    })().finally(() => {
      running = false;
    });
  }, HLS_PUBLISH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
