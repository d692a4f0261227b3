/**
 * The creator economy of issue 28 (spec sections 3 "Bundle", 4 "Creator subscription", "Bundles", 5 "bundle price 1-100",
 * 9 lazy-load thresholds): bundles of media, pay-per-view ("puzzle") media, fan subscriptions and the newsfeed.
 * One place for their codes and limits; the API and the web tier import them from here.
 */

/** Spec section 3 "Bundle": every bundle passes the team's queue before buyers see it. */
export const BUNDLE_STATUS = { draft: 1, pending: 2, accepted: 3, rejected: 4 } as const;
export type BundleStatus = (typeof BUNDLE_STATUS)[keyof typeof BUNDLE_STATUS];

/** Spec section 5: a bundle costs 1 to 100 dollars (whole dollars). */
export const BUNDLE_PRICE_MIN = 1;
export const BUNDLE_PRICE_MAX = 100;

/** Spec section 3: the steps of `my_bundles` and `my_bundles/edit/{bundleId?}`. */
export const BUNDLE_MANAGE_STEPS = ["view_list", "creation_selection", "creation_meta_info"] as const;
export type BundleManageStep = (typeof BUNDLE_MANAGE_STEPS)[number];

/** Spec section 3 "Mobile list": on phones a grid of 2 columns or a list of 1. */
export const BUNDLE_MOBILE_LAYOUTS = { grid: 2, list: 1 } as const;
export type BundleMobileLayout = keyof typeof BUNDLE_MOBILE_LAYOUTS;

/** Spec section 4 "Bundles": the owner's actions. */
export const BUNDLE_ACTIONS = ["create", "publish", "activate", "deactivate", "delete"] as const;
export type BundleAction = (typeof BUNDLE_ACTIONS)[number];

/**
 * Who may open a medium beyond its visibility (issue 28 item 4): the five visibilities of section 3 stay as they are
 * (who may see that the medium exists, blurred); `access` says what opening it takes. `open`: nothing more; `fans`:
 * a running fan subscription to the owner; `ppv`: a purchase of this medium ("puzzle" medium) at its price. A bundle
 * that holds the medium opens it too, whatever its access. Recordings of live streams (issue 31) use the same field.
 */
export const MEDIUM_ACCESS = ["open", "fans", "ppv"] as const;
export type MediumAccess = (typeof MEDIUM_ACCESS)[number];

/** A pay-per-view medium's price: the bundle's range (the spec names none of its own; docs/spec-departures.md). */
export const PPV_PRICE_MIN = BUNDLE_PRICE_MIN;
export const PPV_PRICE_MAX = BUNDLE_PRICE_MAX;

/** Spec section 3 "Fan subscription status". A cancelled subscription keeps its access until the paid period ends. */
export const FAN_SUBSCRIPTION_STATUS = { running: 3, cancel: 4 } as const;
export type FanSubscriptionStatus = (typeof FAN_SUBSCRIPTION_STATUS)[keyof typeof FAN_SUBSCRIPTION_STATUS];

/** Issue 28 item 3: a creator offers up to three tiers, each with a monthly price (the bundle's range) and benefits they write. */
export const FAN_TIERS_MAX = 3;
export const FAN_PRICE_MIN = BUNDLE_PRICE_MIN;
export const FAN_PRICE_MAX = BUNDLE_PRICE_MAX;
/** One paid period of a fan subscription: a calendar month from the start (renewed by the job table). */
export const FAN_PERIOD_MONTHS = 1;

/** Spec section 3 "Newsfeed tabs" and "content types"; `all` is the default tab. */
export const NEWSFEED_TABS = ["all", "favorites", "exclusive", "trending_now"] as const;
export type NewsfeedTab = (typeof NEWSFEED_TABS)[number];
export const NEWSFEED_CONTENT_TYPES = ["bundle", "media"] as const;
export type NewsfeedContentType = (typeof NEWSFEED_CONTENT_TYPES)[number];

/** Spec section 8: the newsfeed's empty states (translation keys). */
export const NEWSFEED_EMPTY = {
  noFavoritesYet: "exception.newsfeed.no_favorites_yet",
  noNewsfeedYet: "exception.newsfeed.no_newsfeed_yet",
} as const;

/**
 * Spec section 9's lazy-load thresholds, one constant for every lazy list: load more when this many tiles are left
 * (phones 4, elsewhere 8). Here, not in ./favorites (which re-exports it): that module builds valibot schemas at load,
 * and every browser page that reads a constant of this one would carry them (ADR 168).
 */
export const LAZY_LOAD_THRESHOLD = { phone: 4, other: 8 } as const;
/** Spec section 9 "default 10": the newsfeed's page size (the spec names none of its own). */
export const NEWSFEED_PAGE_SIZE = 10;

// ── Bundles (issue 28 item 1, ADR 092): the limits and web paths the bundles module and its pages share ──────────

/** A bundle's title and description (the spec names no lengths; the profile's status text and description fit). */
export const BUNDLE_TITLE_MAX = 100;
export const BUNDLE_DESCRIPTION_MAX = 2000;
/** Media in one bundle: at least one, at most a gallery page's worth (contract/media-gallery shows 33 a page). */
export const BUNDLE_ITEMS_MIN = 1;
export const BUNDLE_ITEMS_MAX = 33;
/** The owner's list and the profile tab: one page each (a creator has a handful of bundles). */
export const BUNDLE_LIST_MAX = 100;
/** The back office's bundle queue: oldest first, this many a page. */
export const BUNDLE_QUEUE_PAGE_SIZE = 20;
/** The cookie that remembers the phone layout of my_bundles (BUNDLE_MOBILE_LAYOUTS) when the query names none. */
export const BUNDLE_LAYOUT_COOKIE = "bundle_layout";

/** The web pages of bundles (spec section 2 my_bundles, my_bundles/edit/{bundleId?}; settings user/bundles), written once. */
export const bundlePaths = {
  mine: (lang: string) => `/${lang}/my_bundles`,
  edit: (lang: string, bundleId?: number) => (bundleId ? `/${lang}/my_bundles/edit/${bundleId}` : `/${lang}/my_bundles/edit`),
  settings: (lang: string) => `/${lang}/user/bundles`,
  /** One bundle for a buyer: the one confirmation before, its media after the purchase. */
  bundle: (lang: string, bundleId: number) => `/${lang}/bundle/${bundleId}`,
  profileTab: (lang: string, username: string) => `/${lang}/p/${username}/bundles`,
  backoffice: (lang: string) => `/${lang}/backoffice/bundles`,
} as const;

/**
 * A bundle's blurred preview (no language: an image): the cover's smallest variant blurred by the server, so the real
 * variant's URL never reaches a page of someone who has not bought it.
 */
export const bundlePreviewPath = (bundleId: number) => `/bundle-preview/${bundleId}.jpg`;
// ── Fan subscriptions (issue 28 item 3, the fans module, ADR 094) ────────────────────────────────────────────────

/**
 * Where a creator's fan offer is shown: the fans tab of the profile, a path after the language (build the link with
 * the locale helper, `to(creatorFansPath(username))`). The paid-media pages link a locked fans-only medium here, so a
 * link never guesses the other feature's route.
 */
export const creatorFansPath = (username: string) => `p/${encodeURIComponent(username)}/fans`;
