/**
 * Live streaming and recordings (issue 31): the vocabulary both tiers share — roles, states, who may watch, the
 * categories, the limits — written once. Spec section 3 "Live roles PRODUCER and AUDIENCE", section 4 "Live streams:
 * create/broadcast, watch subscription, edit, stop", section 6 "recordings limited to private and fsk18". Everything
 * else here is our design (the spec shows no fields); the ADRs 124–126 give the reasons.
 */

/** Spec section 3: the creator who broadcasts, and everyone who watches. */
export const LIVE_ROLES = ["PRODUCER", "AUDIENCE"] as const;
export type LiveRole = (typeof LIVE_ROLES)[number];

/**
 * A stream's life: announced for a time (`scheduled`), on air (`live`), over (`ended`). A scheduled stream that is
 * never started ends by itself LIVE_SCHEDULE_STALE_MS after its start time.
 */
export const LIVE_STATES = ["scheduled", "live", "ended"] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** Why a stream ended: its creator stopped it, the producer's media stopped for LIVE_PRODUCER_GRACE_MS, staff ended it, it was never started. */
export const LIVE_END_REASONS = ["creator", "producer_lost", "staff", "not_started"] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];

/**
 * Who may watch (issue 31 item 1): every signed-in member, plus members only, the creator's fans only, or everyone
 * signed in who paid the stream's price in dollars once. Guests never watch (an adult platform's closed rooms).
 */
export const LIVE_AUDIENCES = ["logged_in", "plus", "fans", "paid"] as const;
export type LiveAudience = (typeof LIVE_AUDIENCES)[number];

/** How the producer's media reaches us: WebRTC from the browser (WHIP style) or RTMP from OBS and similar tools. */
export const LIVE_INGESTS = ["browser", "rtmp"] as const;
export type LiveIngest = (typeof LIVE_INGESTS)[number];

/** The browse page's categories (our design: what creators of such a platform stream). */
export const LIVE_CATEGORIES = ["chat", "show", "dance", "fitness", "music", "gaming", "cooking", "questions", "other"] as const;
export type LiveCategory = (typeof LIVE_CATEGORIES)[number];

/** Spec section 6: a recording is private (its creator, then sold or for fans) or fsk18 (verified adults only). */
export const RECORDING_VISIBILITIES = ["private", "fsk18"] as const;
export type RecordingVisibility = (typeof RECORDING_VISIBILITIES)[number];

/** A recording's processing: the remux job runs, it is playable, the remux failed (kept for staff), deleted with its files. */
export const RECORDING_STATES = ["processing", "ready", "failed", "deleted"] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

/** Chat lines: a member's message, a tip shown in the chat, a line of the room itself (started, muted, ended). */
export const LIVE_CHAT_KINDS = ["message", "tip", "system"] as const;
export type LiveChatKind = (typeof LIVE_CHAT_KINDS)[number];

/** What the creator or staff can do to a viewer: mute (may watch, may not write) or remove (may neither) for this stream. */
export const LIVE_VIEWER_SANCTIONS = ["mute", "remove"] as const;
export type LiveViewerSanction = (typeof LIVE_VIEWER_SANCTIONS)[number];

/** Issue 31 item 1: a stream whose producer is gone this long ends by itself. */
export const LIVE_PRODUCER_GRACE_MS = 60_000;
/** A scheduled stream not started this long after its announced start ends as `not_started`. */
export const LIVE_SCHEDULE_STALE_MS = 2 * 60 * 60_000;
/** How far ahead a stream may be announced. */
export const LIVE_SCHEDULE_MAX_DAYS = 30;
/** The title's length (one line on a phone's tile). */
export const LIVE_TITLE_MIN = 3;
export const LIVE_TITLE_MAX = 80;
/** A paid stream's price in whole dollars (contract/wallet units), asked once per stream. */
export const LIVE_PRICE_MIN = 1;
export const LIVE_PRICE_MAX = 500;
/** A chat line's length, and the rate one viewer may write at (a burst, then one line per interval). */
export const LIVE_CHAT_MAX = 300;
export const LIVE_CHAT_BURST = 5;
export const LIVE_CHAT_INTERVAL_MS = 2_000;
/** A stream key's length in characters of its alphabet (base64url): 192 bits, shown once, stored as a hash. */
export const LIVE_STREAM_KEY_CHARS = 32;
