/**
 * What the browser's activity tracker and the API share (ADR 132), without valibot: the plain script
 * (public/scripts/activity.js) imports only this file. The schemas and the server's caps are in ./activity.ts.
 */
/** The browser's batching and stop rules, as the spec gives them (section 9 "Tracker"): one object, one source. */
export const TRACKER_LIMITS = {
  /** A batch leaves at the latest this long after its first event. */
  maxTimeMs: 4000,
  /** A batch leaves as soon as its body reaches this many bytes (uncompressed). */
  maxSize: 100_000,
  /** Bodies below this many bytes are sent as they are: gzip's header would eat the gain. */
  minSize: 1000,
  /** This many requests without an answer: the tracker stops for the page's lifetime. */
  maxPending: 3,
  /** This many failed requests: the tracker stops for the page's lifetime. */
  maxErrors: 3,
  /** While the page is visible, what has queued up is sent at least this often. */
  heartbeatMs: 5000,
} as const;

/** What a visitor did that the dashboard counts: saw a profile, clicked its phone number or its website. */
export const ACTIVITY_KINDS = ["profile_view", "phone_click", "website_click"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Where the browser posts: the web tier's resource route (same origin, the session's cookie). */
export const ACTIVITY_WEB_PATH = "/activity/events";

/** Whether a request says "do not track" (DNT, Global Privacy Control's Sec-GPC): both tiers read nothing then. */
export function doNotTrack(headers: { get(name: string): string | null | undefined }): boolean {
  return headers.get("dnt") === "1" || headers.get("sec-gpc") === "1";
}
