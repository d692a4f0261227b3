/**
 * Live video's media part (issue 31, ADR 125): the stream key a creator pastes into OBS, and the media addresses the
 * player and the publisher use. The HLS and WHIP/WHEP answers are no JSON (playlists, segments, SDP).
 */
import * as v from "valibot";
import { LIVE_STREAM_KEY_CHARS } from "./live";

/** WHIP and WHEP bodies (RFC 9725, draft-ietf-wish-whep): an SDP offer in, an SDP answer out. */
export const SDP_CONTENT_TYPE = "application/sdp";
/** A WHIP/WHEP offer is a few kilobytes; anything larger is refused before werift parses it. */
export const SDP_MAX_BYTES = 64 * 1024;
/** HLS content types (RFC 8216). */
export const HLS_PLAYLIST_TYPE = "application/vnd.apple.mpegurl";
export const HLS_SEGMENT_TYPE = "video/mp2t";
/**
 * How long a viewer's or producer's media address stays valid: longer than any stream, so a player never loses its
 * URL mid-stream; access is asked again on every WHEP offer and at most every LIVE_ACCESS_RECHECK_MS for playlists.
 */
export const LIVE_MEDIA_TOKEN_TTL_MS = 12 * 60 * 60_000;
/** A removed or blocked viewer's HLS playlist stops within this time. */
export const LIVE_ACCESS_RECHECK_MS = 15_000;
/** Characters of a key shown as its hint (so the creator can tell which key OBS holds). */
export const LIVE_STREAM_KEY_HINT_CHARS = 4;
/** A stream key: base64url, LIVE_STREAM_KEY_CHARS long. */
export const LIVE_STREAM_KEY_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${LIVE_STREAM_KEY_CHARS}}$`);

/** The keys page's one form: make a new key (the first, or one replacing a leaked key). */
export const liveKeyRotateFormSchema = v.object({ intent: v.literal("rotate") });

/** GET /live/keys: the creator's RTMP settings; the key itself is shown only when it is made. */
export interface LiveStreamKeyState {
  /** rtmp://host:port/live — OBS's "Server"; null while RTMP ingest is off on this installation. */
  rtmp_url: string | null;
  /** The current key's first characters, or null when the creator has none yet. */
  key_hint: string | null;
  key_created_at: number | null;
}

/** POST /live/keys: a new key (the old one stops working), shown this once. */
export interface LiveStreamKeyCreated extends LiveStreamKeyState {
  key: string;
}

/**
 * GET /live/streams/{id}/media: the signed media addresses for the caller, who may watch the stream now (the watch
 * page's loader gets the same from liveMediaUrls; apps and tests ask here).
 */
export interface LiveMediaAddresses {
  /** The HLS playlist. */
  hls: string;
  /** WHEP for low-latency WebRTC; null when this audience is sent to HLS. */
  whep: string | null;
  /** WHIP for the stream's creator sending from the browser; null for everyone else and for RTMP streams. */
  whip: string | null;
}

export interface LiveMediaBodies {
  LiveMediaAddresses: LiveMediaAddresses;
  LiveStreamKeyState: LiveStreamKeyState;
  LiveStreamKeyCreated: LiveStreamKeyCreated;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends LiveMediaBodies {}
}
