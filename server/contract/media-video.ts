/**
 * Video upload limits and the encoding target (issue 10 item 3, ADR 034). The spec names the formats
 * (MP4, WebM, MOV) and the status flow, not the limits; these are ours, named once here.
 */

/** Containers accepted, recognised by their content (ffprobe's format names), never by the file name. */
export const VIDEO_CONTAINERS = ["mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"] as const;
export const VIDEO_ACCEPT = "video/mp4,video/webm,video/quicktime";

/** A phone records about 100-150 MB a minute in 1080p: five minutes fit. */
export const VIDEO_MAX_BYTES = 500_000_000;
export const VIDEO_MIN_DURATION_MS = 1_000;
/** Five minutes: a profile video, not a film; also bounds the encoding time per upload. */
export const VIDEO_MAX_DURATION_MS = 5 * 60 * 1000;
/** Larger than 4K is not a phone video (and would cost minutes to decode). */
export const VIDEO_MAX_DIMENSION = 4096;
/** Video uploads per member and day (each encoded in the background). */
export const VIDEO_UPLOADS_PER_DAY = 10;

/** The stored rendition: H.264/AAC MP4, the longer side at most 1280 px and the shorter at most 720 px. */
export const VIDEO_OUTPUT = { maxLong: 1280, maxShort: 720, crf: 23, preset: "veryfast", audioBitrate: "128k" } as const;
/** The URL variant name of the encoded file: /media/{key}/video.mp4 (the poster uses the photo variants). */
export const VIDEO_VARIANT = "video.mp4";
