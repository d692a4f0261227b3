/**
 * Signed media addresses (ADR 125). A browser's <video> element and the publisher's script cannot send the API's
 * bearer token, so the page that admitted a viewer (liveAccess said watch) hands out addresses carrying a token:
 * HMAC over the stream, the member, the kind and an expiry. Segments use one token per stream (the same URL for
 * every viewer), so a CDN caches each segment once; only the playlist, which names them, is per viewer.
 */
import type { ApiDeps } from "../../api/types";
import { LIVE_MEDIA_TOKEN_TTL_MS } from "../../contract/live-media";
import { hmac, safeEqual } from "../../lib/crypto";
import type { LiveStreamRow } from "./access";

/** watch: HLS playlist and WHEP; publish: WHIP, the creator only. */
export type MediaTokenKind = "watch" | "publish";
const KIND_CODE: Record<MediaTokenKind, string> = { watch: "w", publish: "p" };
const TOKEN = /^([wp])\.(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

function signature(deps: ApiDeps, text: string): string {
  return hmac(deps.config.appSecret, `live-media:${text}`);
}

export function signMediaToken(deps: ApiDeps, kind: MediaTokenKind, streamId: number, memberId: number): string {
  const body = `${KIND_CODE[kind]}.${memberId}.${deps.clock.now() + LIVE_MEDIA_TOKEN_TTL_MS}`;
  return `${body}.${signature(deps, `${streamId}.${body}`)}`;
}

/** The member a token was given to, when it is genuine, of this kind and stream, and not expired. */
export function readMediaToken(deps: ApiDeps, kind: MediaTokenKind, streamId: number, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match || match[1] !== KIND_CODE[kind]) return null;
  const body = `${match[1]}.${match[2]}.${match[3]}`;
  if (!safeEqual(match[4]!, signature(deps, `${streamId}.${body}`))) return null;
  if (Number(match[3]) < deps.clock.now()) return null;
  return Number(match[2]);
}

/** The stream's segment token: unguessable, the same for every viewer, new for every stream. */
export function segmentToken(deps: ApiDeps, stream: Pick<LiveStreamRow, "id" | "created_at">): string {
  return signature(deps, `segments.${stream.id}.${stream.created_at}`).slice(0, 22);
}
