/**
 * What the HLS routes keep in memory (ADR 125). Every viewer of a stream asks for the same few files each second:
 * the newest segments (immutable under their names) are kept, the playlist for half a second and the stream's
 * segment token for five, so 500 viewers cost one disk read per file and one row read per stream, not 500.
 * `forgetStream` drops a stream's entries when its media stops (media.ts), so nothing of it is served after.
 * The files come from the local disk (the instance running ffmpeg) or, with LIVE_HLS_STORE=storage, from the storage
 * port where that instance published them (hls-publish.ts, ADR 130): the same caches either way.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ApiDeps } from "../../api/types";
import { PLAYLIST_NAME } from "../../integrations/live-video/index";
import { hlsFromStorage, hlsStorageKey } from "./hls-publish";
import { liveStorageOf } from "./live-storage";
import { segmentToken } from "./media-tokens";

const SEGMENTS_KEPT = 64;
const PLAYLIST_KEPT_MS = 500;
const TOKEN_KEPT_MS = 5_000;

const segmentBytes = new Map<string, Uint8Array<ArrayBuffer>>();
/**
 * Reads under way, by path: when a new segment appears, hundreds of players ask for it within milliseconds, before the
 * first read has finished — they all wait for that one read instead of each starting their own (ADR 137).
 */
const segmentReads = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>();
const playlistReads = new Map<string, Promise<string | null>>();
const playlistTexts = new Map<string, { text: string; at: number }>();
const segmentTokens = new WeakMap<ApiDeps, Map<number, { token: string | null; at: number }>>();

export function hlsPath(deps: ApiDeps, streamId: number, name: string): string {
  return join(deps.config.liveVideo.dir, String(streamId), "hls", name);
}

/** A segment's bytes from where viewers' HLS is read (null: none of that name). */
function readHlsBytes(deps: ApiDeps, streamId: number, name: string): Promise<Uint8Array | null> {
  if (hlsFromStorage(deps)) return liveStorageOf(deps).read(hlsStorageKey(streamId, name));
  return readFile(hlsPath(deps, streamId, name)).catch(() => null);
}

/** The one read of `path` under way, or a new one that `load` starts (forgotten when it settles). */
function once<T>(reads: Map<string, Promise<T>>, path: string, load: () => Promise<T>): Promise<T> {
  const running = reads.get(path);
  if (running) return running;
  const read = load().finally(() => reads.delete(path));
  reads.set(path, read);
  return read;
}

export function cachedSegment(deps: ApiDeps, streamId: number, name: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const path = hlsPath(deps, streamId, name);
  const kept = segmentBytes.get(path);
  if (kept) return Promise.resolve(kept);
  return once(segmentReads, path, async () => {
    const bytes = await readHlsBytes(deps, streamId, name);
    if (!bytes) return null;
    const copy = new Uint8Array(bytes);
    segmentBytes.set(path, copy);
    if (segmentBytes.size > SEGMENTS_KEPT) segmentBytes.delete(segmentBytes.keys().next().value!);
    return copy;
  });
}

export function cachedPlaylist(deps: ApiDeps, streamId: number): Promise<string | null> {
  const path = hlsPath(deps, streamId, PLAYLIST_NAME);
  const kept = playlistTexts.get(path);
  if (kept && Date.now() - kept.at < PLAYLIST_KEPT_MS) return Promise.resolve(kept.text);
  return once(playlistReads, path, async () => {
    const bytes = await readHlsBytes(deps, streamId, PLAYLIST_NAME);
    const text = bytes === null ? null : Buffer.from(bytes).toString("utf8");
    if (playlistTexts.size > 1_000) playlistTexts.clear();
    if (text === null) playlistTexts.delete(path);
    else playlistTexts.set(path, { text, at: Date.now() });
    return text;
  });
}

/** The stream's segment token while it is live (null: no such stream or not live). */
export async function segmentTokenCached(deps: ApiDeps, streamId: number): Promise<string | null> {
  let tokens = segmentTokens.get(deps);
  if (!tokens) segmentTokens.set(deps, (tokens = new Map()));
  const cached = tokens.get(streamId);
  if (cached && Date.now() - cached.at < TOKEN_KEPT_MS) return cached.token;
  const stream = await deps.db
    .selectFrom("live_streams")
    .select(["id", "created_at", "state"])
    .where("id", "=", streamId)
    .executeTakeFirst();
  const token = stream && stream.state === "live" ? segmentToken(deps, stream) : null;
  if (tokens.size > 10_000) tokens.clear();
  tokens.set(streamId, { token, at: Date.now() });
  return token;
}

/** The stream's media stopped: nothing of it stays in memory. */
export function forgetStream(deps: ApiDeps, streamId: number): void {
  segmentTokens.get(deps)?.delete(streamId);
  const prefix = join(deps.config.liveVideo.dir, String(streamId), "hls");
  for (const path of [...segmentBytes.keys()]) if (path.startsWith(`${prefix}/`)) segmentBytes.delete(path);
  for (const path of [...playlistTexts.keys()]) if (path.startsWith(`${prefix}/`)) playlistTexts.delete(path);
}
