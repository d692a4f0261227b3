/**
 * The newsfeed (spec section 2 "newsfeed (G)", section 3 "Newsfeed tabs", issue 28 item 5, ADR 095): the newest
 * published media and bundles a viewer may see, in four tabs, a page at a time behind a cursor; and the trending
 * score the trending job computes. The tabs, content types, empty states and page size are in contract/creators.ts.
 */
import * as v from "valibot";
import { NEWSFEED_TABS, type MediumAccess, type NewsfeedContentType, type NewsfeedTab } from "./creators";
import type { LiveAudience } from "./live";
import type { LockedMedium, MediaImage } from "./media";

export { NEWSFEED_EMPTY, NEWSFEED_PAGE_SIZE, NEWSFEED_TABS, LAZY_LOAD_THRESHOLD } from "./creators";
export type { NewsfeedTab, NewsfeedContentType } from "./creators";

/**
 * What a feed item is: the spec's two content types, and live streams (issue 31 "scheduled start shown … in the
 * newsfeed", ADR 137) — one item per stream, from its announcement (or start) on.
 */
export type NewsfeedItemType = NewsfeedContentType | "live";

/**
 * A live item's state (ADR 137): announced (`scheduled`), on air (`live`), over after it was on air (`ended`), or
 * ended before it ever started — cancelled by the creator or staff, or never started (`cancelled`).
 */
export const NEWSFEED_LIVE_STATES = ["scheduled", "live", "ended", "cancelled"] as const;
export type NewsfeedLiveState = (typeof NEWSFEED_LIVE_STATES)[number];

/**
 * A page's position: the last item's sort value (publication time, or score on trending_now), its type and id, as
 * `<value>.<m|b|l>.<id>`. Opaque to callers; the API refuses anything else with 400 validation.invalid.
 */
export const NEWSFEED_CURSOR_PATTERN = /^\d{1,16}\.[mbl]\.\d{1,12}$/;

export const newsfeedQuerySchema = v.strictObject(
  {
    tab: v.optional(v.picklist(NEWSFEED_TABS, "validation.invalid"), "all"),
    cursor: v.optional(v.pipe(v.string("validation.invalid"), v.regex(NEWSFEED_CURSOR_PATTERN, "validation.invalid"))),
  },
  "validation.invalid",
);

/** The profile an item belongs to, linked to its page. */
export interface NewsfeedOwner {
  username: string;
  display_name: string | null;
}

/**
 * A live stream's item (ADR 137). The item is the stream row read at request time, so an edit of the title or a
 * cancellation changes this item; there is never a second one for the same stream.
 */
export interface NewsfeedLive {
  stream_id: number;
  state: NewsfeedLiveState;
  /** Who may watch (contract/live LIVE_AUDIENCES); the item is `locked` when the audience does not admit the viewer. */
  audience: LiveAudience;
  /** The announced start (epoch ms); null when the stream went on air at once. */
  scheduled_at: number | null;
  started_at: number | null;
  ended_at: number | null;
  /** An ended stream's recording when this viewer sees it listed (live recordings' rule); else null. */
  recording_id: number | null;
}

/** One item of the feed: a medium, a bundle or a live stream. */
export interface NewsfeedItem {
  type: NewsfeedItemType;
  id: number;
  /** When it became public (a medium's publication, a bundle's acceptance, a stream's start or else its announcement), epoch ms. */
  published_at: number;
  owner: NewsfeedOwner;
  /** A medium's access (open, fans, ppv); bundles are always bought (null). */
  access: MediumAccess | null;
  /** Whole dollars: a pay-per-view medium's, a bundle's or a paid stream's price; null otherwise. */
  price: number | null;
  /**
   * Whether this viewer may open it (access/paid-media openableMediaIds; a bundle: bought or owned; a live stream: its
   * audience admits the viewer — live/access audienceAdmits; guests never watch). A locked medium
   * carries no image: the page draws a neutral locked tile with its price (the file route refuses it anyway).
   */
  locked: boolean;
  /** A medium's photo (its poster for a video) when open to this viewer; null when locked and for bundles. */
  image: MediaImage | null;
  /** A locked medium's blurred preview (the server's small rendering, never a real variant); null otherwise. */
  preview: LockedMedium["preview"] | null;
  /** photo or video; null for bundles. */
  media_kind: string | null;
  /** A bundle's or a live stream's title; a bundle's count of media (null for the others). */
  title: string | null;
  item_count: number | null;
  /** A live stream's facts; null for media and bundles. */
  live: NewsfeedLive | null;
}

/** GET /newsfeed: one page of a tab, newest (or, on trending_now, highest scoring) first. */
export interface NewsfeedPage {
  tab: NewsfeedTab;
  items: NewsfeedItem[];
  /** The next page's cursor; null on the last page. */
  next_cursor: string | null;
  page_size: number;
  /** The favorites tab asked by a guest: no items, the page explains and links to login. */
  login_required: boolean;
  /** The empty state's translation key (contract/creators NEWSFEED_EMPTY) when the first page is empty; else null. */
  empty: string | null;
}

/**
 * The trending score (ADR 095): what happened to an item in the last TRENDING_WINDOW_MS, each event weighted and
 * halved every TRENDING_HALF_LIFE_MS of its age at the job's slot time. Purchases weigh most (someone paid), tips on a
 * medium next, and each favorite a creator gained lifts their TRENDING_FAVORITE_ITEMS newest media a little.
 */
export const TRENDING_WEIGHTS = { purchase: 5, tip: 3, favorite: 1 } as const;
export const TRENDING_HALF_LIFE_MS = 24 * 60 * 60 * 1000;
export const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const TRENDING_FAVORITE_ITEMS = 3;
/** Scores are stored and compared in thousandths of a point. */
export const TRENDING_SCORE_SCALE = 1000;
/** The trending job runs once per slot of this length (scheduled by maintenance and by itself). */
export const TRENDING_INTERVAL_MS = 15 * 60 * 1000;

/** This feature's declared success bodies (ADR 041); they join ResponseBodies by declaration merging (ADR 067). */
export interface NewsfeedBodies {
  NewsfeedPage: NewsfeedPage;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends NewsfeedBodies {}
}
