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

/** Spec section 9's lazy-load thresholds: one constant for every lazy list (favorites has it). */
export { LAZY_LOAD_THRESHOLD } from "./favorites";
/** Spec section 9 "default 10": the newsfeed's page size (the spec names none of its own). */
export const NEWSFEED_PAGE_SIZE = 10;

// ── paid-media (issue 28 items 2, 4, 6, 7; ADR 093) ─────────────────────────────────────────────────────────────────

/**
 * Where a locked fans-only medium sends a viewer: the creator's fans offer on their profile (owned by the fans
 * feature; one path for both features, so a link never guesses the other's route). Without the language: pages
 * prefix it with the link helper (app/i18n/lang localePath(lang, creatorFansPath(username))).
 */
export const creatorFansPath = (username: string) => `p/${encodeURIComponent(username)}/fans`;
