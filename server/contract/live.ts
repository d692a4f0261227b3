/**
 * Live streaming and recordings (issue 31): the vocabulary both tiers share — roles, states, who may watch, the
 * categories, the limits — written once. Spec section 3 "Live roles PRODUCER and AUDIENCE", section 4 "Live streams:
 * create/broadcast, watch subscription, edit, stop", section 6 "recordings limited to private and fsk18". Everything
 * else here is our design (the spec shows no fields); the ADRs 124–126 give the reasons.
 */
import * as v from "valibot";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import type { TokenOperationAnswer } from "./wallet";

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
/** A chat line's length (in ./live-paths, free of valibot), and the rate one viewer may write at (a burst, then one line per interval). */
export { LIVE_CHAT_MAX } from "./live-paths";
export const LIVE_CHAT_BURST = 5;
export const LIVE_CHAT_INTERVAL_MS = 2_000;
/** A stream key's length in characters of its alphabet (base64url): 192 bits, shown once, stored as a hash. */
export const LIVE_STREAM_KEY_CHARS = 32;

// ── Streams, watch subscriptions, paid access and recordings: the livecore part (ADR 124) ───────────────────────────

/** The error keys of the streams' answers (translated in the `live` namespace of the web tier). */
export const LIVE_ERRORS = {
  title: "exception.live.title",
  category: "exception.live.category",
  audience: "exception.live.audience",
  /** A paid stream's price missing or out of LIVE_PRICE_MIN..LIVE_PRICE_MAX (params min, max). */
  price: "exception.live.price",
  ingest: "exception.live.ingest",
  /** A scheduled start in the past or more than LIVE_SCHEDULE_MAX_DAYS ahead, or missing when scheduling. */
  scheduledAt: "exception.live.scheduled_at",
  /** Only escorts and businesses stream. */
  notCreator: "exception.live.not_creator",
  /** Staff suspended the member's live access (live_suspensions). */
  suspended: "exception.live.suspended",
  /** The account may not publish now (an address to verify, a running account restriction). */
  cannotPublish: "exception.live.cannot_publish",
  /** One live stream per creator at a time (the partial unique index decides a race). */
  alreadyLive: "exception.live.already_live",
  /** Unknown, not the caller's, or not visible to the caller: answered alike. */
  notFound: "exception.live.not_found",
  /** Starting a stream that is not scheduled, editing or stopping one that ended. */
  notScheduled: "exception.live.not_scheduled",
  /** Moving the start of a stream that is on air or ended (only an announced stream's start moves, ADR 145). */
  notReschedulable: "exception.live.not_reschedulable",
  ended: "exception.live.ended",
  /** The audience and price are fixed once the stream is on air (ADR 124). */
  audienceFixed: "exception.live.audience_fixed",
  /** Paying for a stream that is not paid, one's own, or as staff. */
  notForSale: "exception.live.not_for_sale",
  self: "exception.live.self",
  staff: "exception.live.staff",
  /** A recording's visibility or terms the creator may not set (fsk18 without the creator's age check). */
  fsk18: "exception.live.fsk18",
  recordingPrice: "exception.live.recording_price",
  /** An fsk18 recording bought or watched without an open age check (ADR 105). */
  ageCheck: "exception.live.age_check",
} as const;

const invalid = "validation.invalid";

/** A positive id as a path, body or form carries it. */
const idSchema = v.pipe(
  v.union([v.number(invalid), v.pipe(v.string(invalid), v.regex(/^[1-9]\d{0,9}$/, invalid), v.transform(Number))], invalid),
  v.integer(invalid),
  v.minValue(1, invalid),
);

/** A whole-dollar amount as JSON or a form gives it ("2.5", "-5" are refused, never rounded); empty means none. */
const dollarsSchema = (key: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(key), v.pipe(v.string(key), v.regex(/^\d{1,7}$/, key), v.transform(Number))], key),
    v.integer(key),
    v.minValue(min, key),
    v.maxValue(max, key),
  );

/** "1"/"0", "on", true/false: a checkbox as a form or JSON sends it. */
const flagSchema = v.optional(
  v.union([
    v.boolean(invalid),
    v.pipe(
      v.picklist(["0", "1", "on", "true", "false"], invalid),
      v.transform((s) => s === "1" || s === "on" || s === "true"),
    ),
  ]),
  false,
);

/** A title is public text: the ProstSchG §32 rule of profile texts, events and blogs applies, at start and on each edit. */
const titleSchema = v.pipe(
  v.string(LIVE_ERRORS.title),
  v.trim(),
  v.minLength(LIVE_TITLE_MIN, LIVE_ERRORS.title),
  v.maxLength(LIVE_TITLE_MAX, LIVE_ERRORS.title),
  v.check(
    (input: string) => findProstSchGTerm(input) === null,
    (issue) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
  ),
);

/** A price field: absent or empty is none (the service requires one for `paid`). */
const optionalPriceSchema = v.optional(
  v.union([
    v.pipe(
      v.literal(""),
      v.transform(() => null),
    ),
    v.null(),
    dollarsSchema(LIVE_ERRORS.price, LIVE_PRICE_MIN, LIVE_PRICE_MAX),
  ]),
  null,
);

/** How a new stream starts: on air now, or announced for `scheduled_at`. */
export const LIVE_START_MODES = ["now", "schedule"] as const;

/** POST /live/streams: a stream as the creator sets it up. `scheduled_at` is epoch ms (the web tier reads the wall time). */
export const liveCreateSchema = v.object({
  title: titleSchema,
  category: v.picklist(LIVE_CATEGORIES, LIVE_ERRORS.category),
  audience: v.picklist(LIVE_AUDIENCES, LIVE_ERRORS.audience),
  price: optionalPriceSchema,
  ingest: v.picklist(LIVE_INGESTS, LIVE_ERRORS.ingest),
  record: flagSchema,
  start: v.picklist(LIVE_START_MODES, invalid),
  scheduled_at: v.optional(
    v.union([
      v.null(),
      v.pipe(v.number(LIVE_ERRORS.scheduledAt), v.integer(LIVE_ERRORS.scheduledAt), v.minValue(0, LIVE_ERRORS.scheduledAt)),
    ]),
    null,
  ),
});
export type LiveCreateInput = v.InferOutput<typeof liveCreateSchema>;

/**
 * PUT /live/streams/{id}: what the creator changes. Title and category change any time before the end; audience and
 * price only while the stream is scheduled (ADR 124: changing who may watch on air would shut out payers or open a
 * paid room for free). Sent unchanged they are accepted.
 */
export const liveUpdateSchema = v.object({
  title: titleSchema,
  category: v.picklist(LIVE_CATEGORIES, LIVE_ERRORS.category),
  audience: v.picklist(LIVE_AUDIENCES, LIVE_ERRORS.audience),
  price: optionalPriceSchema,
});
export type LiveUpdateInput = v.InferOutput<typeof liveUpdateSchema>;

/**
 * POST /live/streams/{id}/reschedule: an announced stream's new start (epoch ms), checked by the creation rule (in the
 * future, at most LIVE_SCHEDULE_MAX_DAYS ahead).
 */
export const liveRescheduleSchema = v.object({
  scheduled_at: v.pipe(v.number(LIVE_ERRORS.scheduledAt), v.integer(LIVE_ERRORS.scheduledAt), v.minValue(0, LIVE_ERRORS.scheduledAt)),
});
export type LiveRescheduleInput = v.InferOutput<typeof liveRescheduleSchema>;

/** GET /live/streams: the browse page's filters (category, city id) as a GET form sends them; empty is "all". */
export const liveBrowseQuerySchema = v.object({
  category: v.optional(
    v.union([
      v.pipe(
        v.literal(""),
        v.transform(() => undefined),
      ),
      v.picklist(LIVE_CATEGORIES, invalid),
    ]),
  ),
  city: v.optional(
    v.union([
      v.pipe(
        v.literal(""),
        v.transform(() => undefined),
      ),
      idSchema,
    ]),
  ),
});

/** PUT /live/recordings/{id}: the creator's terms of a recording. */
export const liveRecordingUpdateSchema = v.object({
  visibility: v.picklist(RECORDING_VISIBILITIES, invalid),
  price: v.optional(
    v.union([
      v.pipe(
        v.literal(""),
        v.transform(() => null),
      ),
      v.null(),
      dollarsSchema(LIVE_ERRORS.recordingPrice, LIVE_PRICE_MIN, LIVE_PRICE_MAX),
    ]),
    null,
  ),
  fans_only: flagSchema,
});
export type LiveRecordingUpdateInput = v.InferOutput<typeof liveRecordingUpdateSchema>;

/** How many live and upcoming streams the browse page lists at most (sorted; the rest by the filters). */
export const LIVE_BROWSE_MAX = 60;
export const LIVE_UPCOMING_MAX = 30;

/** The creator of a stream, as tiles and pages name and link them. */
export interface LiveCreator {
  user_id: number;
  username: string;
  display_name: string;
}

export interface LiveCity {
  id: number;
  name: string;
}

export interface LiveStreamItem {
  id: number;
  title: string;
  category: LiveCategory;
  audience: LiveAudience;
  /** Whole dollars for audience `paid`; null otherwise. */
  price: number | null;
  ingest: LiveIngest;
  state: LiveState;
  end_reason: LiveEndReason | null;
  record: boolean;
  scheduled_at: number | null;
  started_at: number | null;
  ended_at: number | null;
  viewers: number;
  peak_viewers: number;
  creator: LiveCreator;
  city: LiveCity | null;
}

/** Why a viewer may not watch now (server/modules/live/access.ts LiveDenial); null: they may. */
export type LiveDenialName = "not_found" | "sign_in" | "ended" | "removed" | "plus" | "fans" | "payment";

export interface LiveViewerAccess {
  role: LiveRole | null;
  watch: boolean;
  chat: boolean;
  staff: boolean;
  denial: LiveDenialName | null;
}

/** GET /live/streams/{id}: the stream, what the viewer may do, and where the media is when they may watch. */
export interface LiveStreamAnswer {
  stream: LiveStreamItem;
  access: LiveViewerAccess;
  /** The HLS playlist and (with JavaScript) the WHEP endpoint; null unless access.watch. */
  media: { hls: string; whep: string | null } | null;
  /** The WHIP address the creator's browser publishes to (ADR 125); null for others, RTMP streams and streams not on air. */
  publish: string | null;
  /** The viewer follows the creator's live schedule. */
  subscribed: boolean;
  /** The viewer's spendable dollars (0 for guests): a paid stream's page says whether they cover the price. */
  balance: number;
}

/** GET /live/streams: on air now (viewers desc, newest first), then announced ones (soonest first). */
export interface LiveBrowse {
  live: LiveStreamItem[];
  upcoming: LiveStreamItem[];
  /** The cities of the streams on air or announced, for the filter. */
  cities: LiveCity[];
}

/** GET /live/streams/mine: the creator's streams (newest first) and whether they may start one now. */
export interface LiveMine {
  items: LiveStreamItem[];
  /** Null: the caller may stream; otherwise the error key that says why not. */
  refusal: string | null;
}

/** POST /live/streams/{id}/access: the payment (or its replay) for a paid stream. */
export interface LivePayAnswer extends TokenOperationAnswer {
  stream_id: number;
}

/** POST/DELETE /live/watch/{username}: the watch subscription now. */
export interface LiveWatchAnswer {
  creator: LiveCreator;
  subscribed: boolean;
}

export interface LiveRecordingItem {
  id: number;
  stream_id: number;
  title: string;
  creator: LiveCreator;
  state: RecordingState;
  visibility: RecordingVisibility;
  price: number | null;
  fans_only: boolean;
  duration_ms: number | null;
  created_at: number;
  /** The viewer is the creator (management forms instead of the access line). */
  own: boolean;
  /** The viewer may play it now (the creator, staff, a buyer, a fan, a verified adult for a free fsk18 one). */
  watch: boolean;
  /** What the viewer lacks when not: sign in, the age check, a fan subscription, the price; null when they may. */
  denial: LiveRecordingDenial | null;
}

export type LiveRecordingDenial = "sign_in" | "age" | "fans" | "payment";

/** POST /live/recordings/{id}/access: the purchase (or its replay) of a priced recording. */
export interface LiveRecordingPayAnswer extends TokenOperationAnswer {
  recording_id: number;
}

/**
 * GET /live/recordings/{id}: one recording's page. `grant` (`g=…`, bound to the viewer, one hour like paid media's,
 * ADR 093) opens its file at liveRecordingFilePath while the viewer may play it; null when they may not (yet).
 */
export interface LiveRecordingAnswer {
  recording: LiveRecordingItem;
  grant: string | null;
}

/** The web's address of a recording's video (it forwards the session and the Range header to the API, ADR 130). */
export const liveRecordingFilePath = (recordingId: number, grant: string) => `/media/live/${recordingId}/recording.mp4?${grant}`;
/** What the grant of a recording's file signs (the media grant's row name; never a media key: those are hex). */
export const liveRecordingGrantName = (recordingId: number) => `live-recording-${recordingId}`;

/** GET /live/recordings: the recordings the viewer may see listed; /live/recordings/mine: the creator's own. */
export interface LiveRecordingList {
  items: LiveRecordingItem[];
}

/** GET /live/profile/{username}: the profile's live tab — on air now, announced, recordings, the watch subscription. */
export interface LiveProfileTab {
  creator: LiveCreator;
  live: LiveStreamItem | null;
  upcoming: LiveStreamItem[];
  recordings: LiveRecordingItem[];
  subscribed: boolean;
  /** Signed in, not the creator, not staff. */
  may_subscribe: boolean;
  own: boolean;
}

/** The ledger key of one member's purchase of one recording: once, like a stream's. */
export const liveRecordingLedgerKey = (recordingId: number, memberId: number) => `live-recording:${recordingId}:${memberId}`;
export const liveRecordingReference = (recordingId: number) => `live_recording:${recordingId}`;

/** The ledger key of one member's payment for one stream: at most one ever, whatever the client retries. */
export const liveAccessLedgerKey = (streamId: number, memberId: number) => `live:${streamId}:${memberId}`;
export const liveStreamReference = (streamId: number) => `live:${streamId}`;

// The streams part's pages: in ./live-paths (free of valibot, the watch page links them in the browser).
export { livePaths } from "./live-paths";

export interface LiveStreamsBodies {
  LiveStreamItem: LiveStreamItem;
  LiveStreamAnswer: LiveStreamAnswer;
  LiveBrowse: LiveBrowse;
  LiveMine: LiveMine;
  LivePayAnswer: LivePayAnswer;
  LiveWatchAnswer: LiveWatchAnswer;
  LiveRecordingItem: LiveRecordingItem;
  LiveRecordingList: LiveRecordingList;
  LiveRecordingAnswer: LiveRecordingAnswer;
  LiveProfileTab: LiveProfileTab;
  LiveRecordingPayAnswer: LiveRecordingPayAnswer;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends LiveStreamsBodies {}
}
