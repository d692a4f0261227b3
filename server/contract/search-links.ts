/**
 * What a link to a search page needs, free of the search page's filter mapping (spec sections 2 and 9): the URL
 * state and its canonical query string, the range format and the distance label. The member homes' tiles and pager
 * use only these; contract/search-url.ts (the search page's whole mapping) re-exports them, so its importers stay
 * (ADR 155).
 */
import type { OnlyShowType, PriceDuration } from "./search-basics";

/**
 * URL parameters that list option keys of a trait group (contract/traits):
 * `cup` lists cup_size bands (CUP_SIZE_BANDS), the others option keys of the
 * group of the same name. Repeated parameters: hair_color=blonde&hair_color=red.
 */
export const APPEARANCE_LIST_PARAMS = ["cup", "breast_type", "hair_color", "hair_length"] as const;
export type AppearanceListParam = (typeof APPEARANCE_LIST_PARAMS)[number];
/** Yes/no parameters: 1 = has, 0 = has none, absent = either. */
export const APPEARANCE_FLAG_PARAMS = ["piercing", "tattoo"] as const;
export type AppearanceFlagParam = (typeof APPEARANCE_FLAG_PARAMS)[number];

export type AppearanceParam = AppearanceListParam | AppearanceFlagParam;
/** Only non-empty lists and given flags; the whole object is absent when nothing is chosen. */
export type AppearanceState = Partial<Record<AppearanceListParam, string[]>> & Partial<Record<AppearanceFlagParam, 0 | 1>>;

export const SEARCH_SORTS = [
  "top_ranking",
  "rating",
  "reviews_number_high_to_low",
  "last_login_at",
  "distance",
  "price_low_to_high",
  "price_high_to_low",
  "top_ranking_distance_ring",
  "top_ranked",
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_TARGETS = ["escort", "client", "business"] as const;
export type SearchTarget = (typeof SEARCH_TARGETS)[number];

export type RangeEnd = number | "*";
export type Range = [RangeEnd, RangeEnd];

export function formatRange(range: Range): string {
  if (range[1] === "*") return `${range[0]}+`;
  return `${range[0]}-${range[1]}`;
}

/** Everything the search URL can carry (spec section 2's list, plus lat/lon of "update location"). */
export interface SearchUrlState {
  sort?: SearchSort;
  radius?: number;
  /** Empty: no gender filter given; [0]: "any gender" chosen explicitly. */
  gender: number[];
  age?: Range;
  price?: Range;
  /** The price range applies to this duration when customized (default per hour). */
  priceDuration?: PriceDuration;
  weight?: Range;
  height?: Range;
  country: string[];
  /** City key "<country>-<slug>" or a typed name the API resolves. */
  city?: string;
  lat?: number;
  lon?: number;
  userType?: SearchTarget;
  customized: boolean;
  onlyShowType: OnlyShowType[];
  /** Appearance filters (cup band, breast type, hair, piercing, tattoo); absent when none. */
  appearance?: AppearanceState;
  popFilters?: string;
  page: number;
}

/** State → canonical query string (fixed key order, so equal states give equal URLs). */
export function serializeSearchParams(state: SearchUrlState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.userType) out.set("user_type", state.userType);
  if (state.city) out.set("city", state.city);
  if (state.lat !== undefined && state.lon !== undefined) {
    out.set("lat", String(state.lat));
    out.set("lon", String(state.lon));
  }
  for (const c of state.country) out.append("country", c);
  if (state.radius !== undefined) out.set("radius", String(state.radius));
  for (const g of state.gender) out.append("gender", String(g));
  if (state.age) out.set("age", formatRange(state.age));
  if (state.customized) out.set("customized", "1");
  if (state.price) out.set("price", formatRange(state.price));
  if (state.customized && state.priceDuration) out.set("price_duration", String(state.priceDuration));
  if (state.weight) out.set("weight", formatRange(state.weight));
  if (state.height) out.set("height", formatRange(state.height));
  for (const param of APPEARANCE_LIST_PARAMS) for (const key of state.appearance?.[param] ?? []) out.append(param, key);
  for (const param of APPEARANCE_FLAG_PARAMS) {
    const value = state.appearance?.[param];
    if (value !== undefined) out.set(param, String(value));
  }
  for (const t of state.onlyShowType) out.append("only_show_type", t);
  if (state.popFilters) out.set("popFilters", state.popFilters);
  if (state.sort) out.set("sort", state.sort);
  if (state.page > 1) out.set("page", String(state.page));
  return out;
}

/** "<1km" under 1, ">500km" over 500, else whole kilometres. */
export function distanceLabel(km: number | null | undefined): string | null {
  if (km === null || km === undefined || !Number.isFinite(km)) return null;
  if (km < 1) return "<1km";
  if (km > 500) return ">500km";
  return `${Math.round(km)}km`;
}
