/**
 * The search's constants that pages outside the search need (the join steps' price durations, favorites' filters), in
 * a leaf: contract/search-url.ts (and through it contract/search.ts) re-exports
 * them, and the join, settings and media pages no longer carry the search's URL mapping (ADR 149).
 */

export const PRICE_DURATIONS = [15, 30, 60, 120, 180, 240, 480, 720, 1440] as const;
export type PriceDuration = (typeof PRICE_DURATIONS)[number];
/** The price shown on tiles and filtered by default: per hour. */
export const DEFAULT_PRICE_DURATION: PriceDuration = 60;

export const ONLY_SHOW_TYPES = [
  "is_visible",
  "is_new",
  "is_verified",
  "has_avatar",
  "on_tour",
  "has_review",
  "is_hot",
  "is_member",
  "safe_sex_status",
  /** Issue 28 item 6: profiles with paid or fans-only media or a bought-able bundle (escort searches only). */
  "exclusive_content",
  /** Spec section 6 "fsk18 photos" (issue 30 item 3): escorts with adult photos; only for viewers age-verified in this session. */
  "fsk18_photos",
] as const;
export type OnlyShowType = (typeof ONLY_SHOW_TYPES)[number];
