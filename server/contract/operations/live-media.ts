/**
 * Live video's media operations (issue 31, ADR 125). The stream key is JSON; WHIP/WHEP (SDP) and HLS (playlist,
 * segments) are no JSON: their addresses carry a signed media token instead of the bearer token, because a browser's
 * <video> element and the publisher's script call them directly (server/modules/live/media-tokens.ts).
 */
import { defineOperation } from "../operation";
import "../live-media";

export const liveMediaOps = {
  keyState: defineOperation({ method: "get", path: "/api/v2/live/keys", response: "LiveStreamKeyState" }),
  /** Makes a new key (the creator's first, or a replacement). */
  rotateKey: defineOperation({ method: "post", path: "/api/v2/live/keys", response: "LiveStreamKeyCreated" }),
  /** The caller's signed media addresses for a stream they may watch now (404 otherwise, as liveAccess denies). */
  addresses: defineOperation({ method: "get", path: "/api/v2/live/streams/:id/media", response: "LiveMediaAddresses" }),
  /** WHIP: the producer's SDP offer (application/sdp) → 201 with the answer and a Location to DELETE. */
  publish: defineOperation({ method: "post", path: "/api/v2/live-media/:id/:token/whip" }),
  unpublish: defineOperation({ method: "delete", path: "/api/v2/live-media/:id/:token/whip/:resource" }),
  /** WHEP: a viewer's SDP offer → 201 with the answer; 503 when the stream sends this audience to HLS. */
  view: defineOperation({ method: "post", path: "/api/v2/live-media/:id/:token/whep" }),
  unview: defineOperation({ method: "delete", path: "/api/v2/live-media/:id/:token/whep/:resource" }),
  /** The viewer's HLS playlist (segment addresses rewritten to the stream's cacheable segment path). */
  playlist: defineOperation({ method: "get", path: "/api/v2/live-media/:id/:token/index.m3u8" }),
  /** A segment: the same address for every viewer of the stream, cacheable by a CDN for a year. */
  segment: defineOperation({ method: "get", path: "/api/v2/live-media/:id/s/:token/:name" }),
  /** A recording's MP4 with byte ranges, for the viewer of a grant `g` while recordingAccess lets them play it. */
  recordingFile: defineOperation({ method: "get", path: "/api/v2/live/recordings/:id/recording.mp4" }),
};
