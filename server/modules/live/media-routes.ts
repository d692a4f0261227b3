/**
 * Live video's HTTP side (issue 31, ADR 125): stream keys (JSON, bearer token), WHIP/WHEP (SDP in, SDP out) and the
 * HLS files. The media addresses carry signed tokens (media-tokens.ts) instead of the bearer token; every WHIP/WHEP
 * offer asks liveAccess again, a playlist at most every LIVE_ACCESS_RECHECK_MS, and a segment only its stream's token,
 * so a CDN can cache segments for everyone while only admitted viewers learn their names.
 */
import { readdirSync } from "node:fs";
import type { Context } from "hono";
import type { ModuleContext } from "../../api/module-context";
import { rangedAnswer, singleByteRange } from "../../api/byte-range";
import { ApiError, errorItem, fail } from "../../api/errors";
import { ok } from "../../api/router";
import type { ApiDeps, ApiEnv } from "../../api/types";
import { HLS_PLAYLIST_TYPE, HLS_SEGMENT_TYPE, LIVE_ACCESS_RECHECK_MS, SDP_CONTENT_TYPE, SDP_MAX_BYTES } from "../../contract/live-media";
import { liveMediaOps } from "../../contract/operations/live-media";
import { parseRowId } from "../../contract/row-id";
import { HLS_MIN_LIVE_SEGMENTS, listedSegmentCount, SEGMENT_PATTERN } from "../../integrations/live-video/index";
import { safeEqual } from "../../lib/crypto";
import { originVerdict, ownOrigins } from "../../security/same-origin";
import { liveAccess } from "./access";
import { producerSeen } from "./lifecycle";
import { openRecordingForViewer } from "./recordings";
import { liveMediaUrls, livePublishUrl } from "./media";
import { engineOf, startRtmpIngest } from "./media-engine";
import { startHlsPublisher } from "./hls-publish";
import { cachedPlaylist, cachedSegment, segmentTokenCached } from "./media-cache";
import { readMediaToken, type MediaTokenKind } from "./media-tokens";
import { rotateStreamKey, streamKeyState } from "./stream-keys";

/** A playlist changes every segment: players and proxies ask again within a second. */
const PLAYLIST_CACHE = "private, max-age=1";
/** A segment's bytes never change under its name: a CDN and the browser keep it. */
const SEGMENT_CACHE = "public, max-age=31536000, immutable";
const NO_STORE = "no-store";

const notFound = () => fail.notFound();

/** The stream and the member a media address names, or 404 alike for a wrong id, token or kind. */
function addressOf(c: Context<ApiEnv>, kind: MediaTokenKind): { streamId: number; memberId: number } {
  const streamId = parseRowId(c.req.param("id"));
  const token = c.req.param("token") ?? "";
  const memberId = streamId === null ? null : readMediaToken(c.get("deps"), kind, streamId, token);
  if (streamId === null || memberId === null) throw notFound();
  return { streamId, memberId };
}

/** The web's own pages post offers; a page of another site may not, even with a leaked address (ADR 125). */
function assertSameOrigin(c: Context<ApiEnv>): void {
  if (originVerdict(c.req.raw, ownOrigins(c.get("deps").config.publicUrl)) === "cross-site") throw fail.forbidden();
}

async function sdpOffer(c: Context<ApiEnv>): Promise<string> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== SDP_CONTENT_TYPE) throw new ApiError(415, [errorItem(415, "validation.malformed_body")]);
  const offer = await c.req.text();
  if (!offer.startsWith("v=0") || !/\r?\nm=(audio|video) /.test(offer)) throw fail.badRequest("validation.malformed_body");
  return offer;
}

function sdpAnswer(answer: string, location: string): Response {
  return new Response(answer, {
    status: 201,
    headers: { "Content-Type": SDP_CONTENT_TYPE, Location: location, "Cache-Control": NO_STORE },
  });
}

const accessChecks = new WeakMap<ApiDeps, Map<string, { watch: boolean; at: number }>>();
/** liveAccess's watch for a playlist request, asked again at most every LIVE_ACCESS_RECHECK_MS per member and stream. */
async function mayWatchCached(deps: ApiDeps, streamId: number, memberId: number): Promise<boolean> {
  let checks = accessChecks.get(deps);
  if (!checks) accessChecks.set(deps, (checks = new Map()));
  const key = `${streamId}:${memberId}`;
  const now = Date.now();
  const cached = checks.get(key);
  if (cached && now - cached.at < LIVE_ACCESS_RECHECK_MS) return cached.watch;
  const watch = (await liveAccess(deps, memberId, streamId))?.watch ?? false;
  if (checks.size > 50_000) checks.clear();
  checks.set(key, { watch, at: now });
  return watch;
}

/** The playlist with its segments named by the stream's shared segment path (relative: ../s/<token>/seg-…ts). */
export function rewritePlaylist(playlist: string, segmentPathToken: string): string {
  return playlist
    .split("\n")
    .map((line) => (SEGMENT_PATTERN.test(line.trim()) ? `../s/${segmentPathToken}/${line.trim()}` : line))
    .join("\n");
}

/** The streams whose HLS this instance's ffmpeg writes: the numbered folders under LIVE_DIR. */
function streamsWrittenHere(deps: ApiDeps): number[] {
  let names: string[];
  try {
    names = readdirSync(deps.config.liveVideo.dir);
  } catch {
    return [];
  }
  return names.filter((name) => /^[1-9]\d{0,11}$/.test(name)).map(Number);
}

export function registerLiveMedia({ v2, deps }: ModuleContext): void {
  // RTMP listens from the start when the installation enables it: OBS connects before anyone opens a page.
  if (deps.config.liveVideo.rtmpPort > 0) {
    startRtmpIngest(deps).catch((error: unknown) => deps.log.error({ error: String(error) }, "RTMP ingest did not start"));
  }
  // LIVE_HLS_STORE=storage (ADR 130): the HLS this instance writes goes to the storage port for every instance.
  if (deps.config.liveVideo.hlsStore === "storage") {
    startHlsPublisher(
      deps,
      () => streamsWrittenHere(deps),
      async (streamId) => (await segmentTokenCached(deps, streamId)) !== null,
    );
  }

  v2.add(
    liveMediaOps.keyState,
    {
      tag: "live",
      auth: "required",
      summary: "The creator's RTMP settings for OBS: the server URL and the current stream key's hint (the key is shown only when made).",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await streamKeyState(c.get("deps"), user!));
    },
  );

  v2.add(
    liveMediaOps.rotateKey,
    {
      tag: "live",
      auth: "required",
      summary:
        "Makes a new stream key (32 characters), shown this once; the previous key stops working at once. Escorts and businesses only.",
      statuses: [201, 401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await rotateStreamKey(c.get("deps"), user!), { status: 201 });
    },
  );

  v2.add(
    liveMediaOps.addresses,
    {
      tag: "live",
      auth: "required",
      summary:
        "The caller's signed media addresses for a live stream they may watch now: the HLS playlist, WHEP (browser streams with room for WebRTC viewers) and, for the creator, WHIP. 404 for a stream the caller may not see, 403 while they may not watch (not paid, not a fan, removed, ended).",
      statuses: [401, 403, 404],
    },
    async (c, { user }) => {
      const deps = c.get("deps");
      const streamId = parseRowId(c.req.param("id"));
      const access = streamId === null ? null : await liveAccess(deps, user!.id, streamId);
      if (!access) throw notFound();
      if (!access.watch) throw fail.forbidden();
      c.header("Cache-Control", "private, no-store");
      const urls = liveMediaUrls(deps, access.stream, user!.id);
      return ok(c, { ...urls, whip: access.role === "PRODUCER" ? livePublishUrl(deps, access.stream) : null });
    },
  );

  v2.add(
    liveMediaOps.publish,
    {
      tag: "live",
      auth: "optional",
      summary:
        "WHIP: the creator's SDP offer (application/sdp) for their live browser stream; 201 with the SDP answer and a Location to DELETE when the producer stops. The address comes from the stream's page (signed, creator only).",
      statuses: [201, 400, 403, 404, 409, 413, 415],
      maxBodyBytes: SDP_MAX_BYTES,
    },
    async (c) => {
      assertSameOrigin(c);
      const deps = c.get("deps");
      const { streamId, memberId } = addressOf(c, "publish");
      const offer = await sdpOffer(c);
      const access = await liveAccess(deps, memberId, streamId);
      if (!access || access.role !== "PRODUCER") throw notFound();
      if (!access.watch || access.stream.ingest !== "browser") throw fail.conflict("exception.common.forbidden");
      let published: { answer: string; resource: string };
      try {
        published = await engineOf(deps).publishWhip(streamId, offer, { record: access.stream.record === 1 });
      } catch (error) {
        deps.log.info({ streamId, error: String(error) }, "WHIP offer refused");
        throw fail.badRequest("validation.malformed_body");
      }
      await producerSeen(deps, streamId);
      return sdpAnswer(published.answer, `/api/v2/live-media/${streamId}/${c.req.param("token")}/whip/${published.resource}`);
    },
  );

  v2.add(
    liveMediaOps.unpublish,
    {
      tag: "live",
      auth: "optional",
      summary: "WHIP: the producer stops sending (the stream ends when its creator stops it or after 60 s).",
      statuses: [403, 404],
    },
    async (c) => {
      assertSameOrigin(c);
      const { streamId } = addressOf(c, "publish");
      if (!(await engineOf(c.get("deps")).endProducer(streamId, c.req.param("resource")))) throw notFound();
      return new Response(null, { status: 200, headers: { "Cache-Control": NO_STORE } });
    },
  );

  v2.add(
    liveMediaOps.view,
    {
      tag: "live",
      auth: "optional",
      summary:
        "WHEP: an admitted viewer's SDP offer; 201 with the SDP answer. 409 while no browser producer sends, 503 when the stream has no room for more WebRTC viewers (the player falls back to HLS).",
      statuses: [201, 400, 403, 404, 409, 413, 415, 503],
      maxBodyBytes: SDP_MAX_BYTES,
    },
    async (c) => {
      assertSameOrigin(c);
      const deps = c.get("deps");
      const { streamId, memberId } = addressOf(c, "watch");
      const offer = await sdpOffer(c);
      const access = await liveAccess(deps, memberId, streamId);
      if (!access) throw notFound();
      if (!access.watch) throw fail.forbidden();
      let viewed: Awaited<ReturnType<ReturnType<typeof engineOf>["view"]>>;
      try {
        viewed = await engineOf(deps).view(streamId, offer);
      } catch (error) {
        deps.log.info({ streamId, error: String(error) }, "WHEP offer refused");
        throw fail.badRequest("validation.malformed_body");
      }
      if (viewed === "no_producer") throw fail.conflict("exception.common.not_found");
      if (viewed === "capacity") {
        c.header("Retry-After", "30");
        throw new ApiError(503, [errorItem(503, "exception.common.something_wrong_happened")]);
      }
      return sdpAnswer(viewed.answer, `/api/v2/live-media/${streamId}/${c.req.param("token")}/whep/${viewed.resource}`);
    },
  );

  v2.add(liveMediaOps.unview, { tag: "live", auth: "optional", summary: "WHEP: the viewer leaves.", statuses: [403, 404] }, async (c) => {
    assertSameOrigin(c);
    const { streamId } = addressOf(c, "watch");
    if (!(await engineOf(c.get("deps")).endView(streamId, c.req.param("resource") ?? ""))) throw notFound();
    return new Response(null, { status: 200, headers: { "Cache-Control": NO_STORE } });
  });

  v2.add(
    liveMediaOps.playlist,
    {
      tag: "live",
      auth: "optional",
      summary: `The admitted viewer's HLS playlist (${HLS_PLAYLIST_TYPE}), a rolling window of short MPEG-TS segments; 404 before its third segment (players start three segments from the end) and after the stream ends.`,
      statuses: [403, 404],
    },
    async (c) => {
      const deps = c.get("deps");
      const { streamId, memberId } = addressOf(c, "watch");
      if (!(await mayWatchCached(deps, streamId, memberId))) throw fail.forbidden();
      const token = await segmentTokenCached(deps, streamId);
      const playlist = token ? await cachedPlaylist(deps, streamId) : null;
      // Served from its third segment on: Chromium's native player fails a shorter live playlist for good (ADR 145).
      if (!token || playlist === null || listedSegmentCount(playlist) < HLS_MIN_LIVE_SEGMENTS) {
        c.header("Cache-Control", NO_STORE);
        throw notFound();
      }
      engineOf(deps).noteHlsViewer(streamId, memberId);
      return new Response(rewritePlaylist(playlist, token), {
        status: 200,
        headers: { "Content-Type": HLS_PLAYLIST_TYPE, "Cache-Control": PLAYLIST_CACHE },
      });
    },
  );

  v2.add(
    liveMediaOps.segment,
    {
      tag: "live",
      auth: "optional",
      summary: `One HLS segment (${HLS_SEGMENT_TYPE}) under the stream's shared segment token: the same address for every viewer, cacheable for a year.`,
      statuses: [404],
    },
    async (c) => {
      const deps = c.get("deps");
      const streamId = parseRowId(c.req.param("id"));
      const name = c.req.param("name") ?? "";
      if (streamId === null || !SEGMENT_PATTERN.test(name)) throw notFound();
      const token = await segmentTokenCached(deps, streamId);
      if (!token || !safeEqual(token, c.req.param("token") ?? "")) throw notFound();
      const bytes = await cachedSegment(deps, streamId, name);
      if (!bytes) {
        c.header("Cache-Control", NO_STORE);
        throw notFound();
      }
      return new Response(bytes, {
        status: 200,
        headers: { "Content-Type": HLS_SEGMENT_TYPE, "Cache-Control": SEGMENT_CACHE, "Content-Length": String(bytes.length) },
      });
    },
  );
  v2.add(
    liveMediaOps.recordingFile,
    {
      tag: "live",
      auth: "optional",
      summary:
        "A recording's MP4 (video/mp4) from the storage port (local disk or S3), with single byte ranges for seeking (206 with Content-Range, 416 past the end). Needs a grant `g` from GET /live/recordings/{id} bound to the caller, and recordingAccess letting them watch, asked on every request; never cached (no-store). 404 otherwise. Browsers use /media/live/{id}/recording.mp4, which forwards the session.",
      statuses: [206, 404, 416],
    },
    async (c, { user }) => {
      const range = singleByteRange(c.req.header("range"));
      const id = parseRowId(c.req.param("id"));
      if (id === null) throw notFound();
      const file = await openRecordingForViewer(c.get("deps"), user, id, c.req.query("g"), range);
      return rangedAnswer(file, range, {
        "Content-Type": "video/mp4",
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        Vary: "Authorization",
      });
    },
  );
}
