/**
 * What the HLS routes keep in memory (ADR 125). Every viewer of a stream asks for the same few files each second:
 * the newest segments (immutable under their names) are kept, the playlist for half a second and the stream's
 * segment token for five, so 500 viewers cost one disk read per file and one row read per stream, not 500.
 * `forgetStream` drops a stream's entries when its media stops (media.ts), so nothing of it is served after.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ApiDeps } from "../../api/types";
import { segmentToken } from "./media-tokens";

const SEGMENTS_KEPT = 64;
const PLAYLIST_KEPT_MS = 500;
const TOKEN_KEPT_MS = 5_000;

const segmentBytes = new Map<string, Uint8Array<ArrayBuffer>>();
const playlistTexts = new Map<string, { text: string; at: number }>();
const segmentTokens = new WeakMap<ApiDeps, Map<number, { token: string | null; at: number }>>();

export function hlsPath(deps: ApiDeps, streamId: number, name: string): string {
  return join(deps.config.liveVideo.dir, String(streamId), "hls", name);
}

export async function cachedSegment(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const kept = segmentBytes.get(path);
  if (kept) return kept;
  const bytes = await readFile(path).catch(() => null);
  if (!bytes) return null;
  const copy = new Uint8Array(bytes);
  segmentBytes.set(path, copy);
  if (segmentBytes.size > SEGMENTS_KEPT) segmentBytes.delete(segmentBytes.keys().next().value!);
  return copy;
}

export async function cachedPlaylist(path: string): Promise<string | null> {
  const kept = playlistTexts.get(path);
  if (kept && Date.now() - kept.at < PLAYLIST_KEPT_MS) return kept.text;
  const text = await readFile(path, "utf8").catch(() => null);
  if (playlistTexts.size > 1_000) playlistTexts.clear();
  if (text === null) playlistTexts.delete(path);
  else playlistTexts.set(path, { text, at: Date.now() });
  return text;
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
