/**
 * The activity tracker (issue 32 item 2, ADR 132; spec section 7 "Activity tracking", section 9 "Tracker"): the
 * browser batches events and posts them newline-separated (one JSON object a line) with `t=<timestamp>` and `g=1` when
 * the body is gzip-compressed; the API stores them append-only and a job rolls them up into per-day counts per
 * profile, which the creator dashboard shows. Both tiers read their limits from here.
 */
import * as v from "valibot";
import { ACTIVITY_KINDS } from "./activity-tracker";
export * from "./activity-tracker";

/** The API's path (a web-tier resource route relays the browser's post with the session's token, ADR 132). */
export const ACTIVITY_API_PATH = "/api/v2/activity/events";
/**
 * The server's caps: a body as sent (maybe gzip) and the same after inflating. The browser's largest batch is maxSize
 * plus one event; anything beyond is refused with 413 before it is read or inflated further (a gzip bomb stops at the cap).
 */
export const ACTIVITY_BODY_MAX_BYTES = 128 * 1024;
export const ACTIVITY_INFLATED_MAX_BYTES = 256 * 1024;
/** One event's line; longer lines are refused as malformed without parsing them. */
export const ACTIVITY_LINE_MAX_BYTES = 2048;

/** A short text field of an event (title, provider, generator, target, id). */
const label = v.pipe(v.string(), v.maxLength(120));

/**
 * One event as the browser sends it (an Activity Streams-like shape, spec section 7). `actor` is read and ignored:
 * the API takes the member from the session, never from the body. `object` is the profile's user id, `title` the kind.
 */
export const activityEventSchema = v.object({
  actor: v.optional(v.unknown()),
  object: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
  target: v.optional(label),
  title: v.picklist(ACTIVITY_KINDS),
  provider: v.optional(label),
  generator: v.optional(label),
  published: v.pipe(v.number(), v.integer(), v.minValue(0)),
  id: label,
});
export type ActivityEvent = v.InferOutput<typeof activityEventSchema>;

/** The post's query: t (the browser's clock when it sent, ms) and g=1 for a gzip body. */
export const activityQuerySchema = v.object({
  t: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, "validation.invalid"))),
  g: v.optional(v.picklist(["0", "1"], "validation.invalid")),
});

/** Content types the endpoint reads (sendBeacon and no-cors fetch can only send text/plain without a preflight). */
export const ACTIVITY_CONTENT_TYPES = ["text/plain", "application/x-ndjson"] as const;
