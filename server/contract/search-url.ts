/**
 * Search: the constants of spec sections 6 and 9 and the ONE mapping between the search page's query string and the
 * URL state, the filter actions and the display helpers — free of valibot. The search pages and the homepage render
 * these in the browser; contract/search.ts builds the API request's valibot schemas at load and would bring valibot
 * into their bundles (ADR 149). contract/search.ts re-exports everything here, so every other import stays.
 *
 * Everything here is pure: no I/O, no clock except the `now` a caller passes,
 * and no function throws on any input (the property tests feed it garbage).
 */
import type { RiseUpBand } from "./wallet";
import { DEFAULT_PRICE_DURATION, ONLY_SHOW_TYPES, PRICE_DURATIONS, type OnlyShowType, type PriceDuration } from "./search-basics";
import {
  clampRadius,
  PRICE_BAND_KEYS,
  PRICE_BANDS,
  sameRange,
  type AgeBand,
  type PriceBand,
  type Range,
  type RangeEnd,
} from "./search-bands";
import { GENDER, USER_TYPE } from "./users";
import { hasBenefit, type Benefit } from "./entitlements";
import type { CityHit } from "./geo";
import type { MediaImage } from "./media";
import type { ProfileIdentity } from "./profiles";
import type { TileContactRule } from "./messenger";
import { BUSINESS_KINDS, type BusinessKind } from "./signup-types";

/** A leaf of its own: the join steps, the settings and favorites need these without the search's URL mapping (ADR 149). */
export { DEFAULT_PRICE_DURATION, ONLY_SHOW_TYPES, PRICE_DURATIONS, type OnlyShowType, type PriceDuration };
export {
  AGE_BAND_KEYS,
  AGE_BANDS,
  ageBandOf,
  clampRadius,
  DEFAULT_RADIUS,
  MEMBER_RADIUS_OPTIONS,
  PRICE_BAND_KEYS,
  PRICE_BANDS,
  priceBandOf,
  RADIUS_OPTIONS,
  radiusOptionsFor,
  type AgeBand,
  type PriceBand,
  type Range,
  type RangeEnd,
} from "./search-bands";

// --- Constants (spec section 9) ---------------------------------------------

export const SEARCH_PAGE_SIZE = 24;
export const MAX_SEARCH_PAGE_SIZE = 48;
/** Fewer results than this offer widening the radius. */
export const MIN_RECOMMENDED_RESULTS = 6;
/** The radius options and the default: in ./search-bands (above). Members may search 150 to 500 km. */
export const MEMBER_MAX_RADIUS = 500;
export const MEMBER_MIN_EXTENDED_RADIUS = 150;
/** The white-label "worldwide" radius code; never accepted from a URL. */
export const GLOBAL_RADIUS = 69420;
/** Spec section 9: a white-label home with fewer results than this adds a worldwide search… */
export const WHITE_LABEL_MIN_HOME_RESULTS = 20;
/** …for this escort_service option (travel_companion, contract/traits) and spoken language. */
export const WHITE_LABEL_FALLBACK_FILTER = { escort_service: [133], language: ["en"] } as const;
/** Default location when nothing else is known (issue 4: Berlin). */
export const DEFAULT_LOCATION = { lat: 52.52437, lon: 13.41053, citySlug: "berlin", countryCode: "DE" } as const;

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
/** Sorts offered per search target (spec section 4 "Sort options"). */
export const SORTS_FOR_TARGET: Record<SearchTarget, readonly SearchSort[]> = {
  escort: [
    "top_ranking",
    "top_ranking_distance_ring",
    "top_ranked",
    "rating",
    "last_login_at",
    "distance",
    "price_low_to_high",
    "price_high_to_low",
  ],
  client: ["top_ranking", "top_ranked", "reviews_number_high_to_low", "last_login_at", "distance"],
  business: ["top_ranking", "top_ranked", "rating", "reviews_number_high_to_low", "last_login_at", "distance"],
};

export const MIN_AGE = 18;
export const MAX_AGE = 99;

/** A profile counts as new for this long after registration. */
export const NEW_PROFILE_DAYS = 30;

export const TERM_FACETS = ["gender", "figure_type", "race_type", "cup_size", "country"] as const;
export type TermFacet = (typeof TERM_FACETS)[number];
export const RANGE_FACETS = ["age", "price"] as const;
export type RangeFacet = (typeof RANGE_FACETS)[number];

export const SEARCH_TARGETS = ["escort", "client", "business"] as const;
export type SearchTarget = (typeof SEARCH_TARGETS)[number];
export const SEARCH_MODES = ["user", "business"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
/** The listing path (after the language) that implies each target (spec section 2). */
export const LISTING_PATHS: Record<SearchTarget, string> = { escort: "escorts", client: "clients", business: "agenturen-clubs" };

/**
 * The business search's categories (spec section 2 "business search with {activeCategory?}", ADR 069): one path word
 * per business kind (contract/signup BUSINESS_KINDS), German like the listing path and stable once published.
 * /agenturen-clubs/agenturen lists agencies, /agenturen-clubs/clubs clubs; any other word is a 404. Typed by kind, so
 * a new kind does not compile until it has its word; the page's links, its canonical address and the sitemap all
 * read this table.
 */
export const BUSINESS_CATEGORY_SLUGS: Record<BusinessKind, string> = { agency: "agenturen", club: "clubs" };

/** The business kind a category word names, or null for a word that is none. */
export function businessKindOfCategory(slug: string): BusinessKind | null {
  return BUSINESS_KINDS.find((kind) => BUSINESS_CATEGORY_SLUGS[kind] === slug) ?? null;
}

/** The business search's path after the language: the listing, or one category of it. */
export function businessCategoryPath(kind: BusinessKind | null): string {
  return kind ? `${LISTING_PATHS.business}/${BUSINESS_CATEGORY_SLUGS[kind]}` : LISTING_PATHS.business;
}

// --- Searcher and target (spec section 6) -------------------------------------

export interface Searcher {
  /** USER_TYPE value; guest 0 when not logged in. */
  userType: number;
  gender: number | null;
  /** The plus benefits the searcher may use now, as the entitlements kernel answered them (ADR 061). */
  benefits: readonly Benefit[];
  /** fsk18 content is open to this viewer in this session (the access kernel's age gate): the fsk18 photos filter exists. */
  ageVerified?: boolean;
}
export const GUEST_SEARCHER: Searcher = { userType: USER_TYPE.guest, gender: null, benefits: [] };

/** Whether the searcher may use the member radii 150–500 (spec section 6; the benefit search_radius). */
export function wideRadiusFor(searcher: Pick<Searcher, "benefits">): boolean {
  return hasBenefit(searcher, "search_radius");
}

/**
 * "Others search a type mapped from their own (mapping not shown)". Ours:
 * clients look for escorts; escorts and businesses look for clients (their
 * customers). Guests and anyone asking for user_type escort see escorts.
 * A logged-in user may also ask for clients or businesses explicitly
 * (/clients, /agenturen-clubs); a guest asking for clients gets escorts.
 */
export const TARGET_FOR_OWN_TYPE: Record<number, SearchTarget> = {
  [USER_TYPE.client]: "escort",
  [USER_TYPE.escort]: "client",
  [USER_TYPE.business]: "client",
};

export function searchTargetFor(searcher: Searcher, requested: SearchTarget | undefined, mode: SearchMode = "user"): SearchTarget {
  // Business search (/agenturen-clubs) is a guest route of its own.
  if (mode === "business") return "business";
  if (searcher.userType === USER_TYPE.guest || requested === "escort") return "escort";
  if (requested === "client" || requested === "business") return requested;
  return TARGET_FOR_OWN_TYPE[searcher.userType] ?? "escort";
}

/** Member clients (the benefit distance_ring_sort) rank by distance rings and get that sort forced into the URL. */
export function defaultSortFor(searcher: Searcher): { sort: SearchSort; forcedInUrl: boolean } {
  if (hasBenefit(searcher, "distance_ring_sort")) return { sort: "top_ranking_distance_ring", forcedInUrl: true };
  return { sort: "top_ranking", forcedInUrl: false };
}

/** "3 minus own gender, or the trans flag if own is at or above 3"; guests get no default. */
export function defaultGendersFor(searcher: Searcher): number[] {
  if (searcher.userType === USER_TYPE.guest || searcher.gender === null) return [];
  if (searcher.gender >= GENDER.trans) return [GENDER.trans];
  return [3 - searcher.gender];
}

/**
 * Filters each search may use (spec section 6): cup size, breast type, hair,
 * piercing and price durations are hidden in escorts' searches (an escort
 * looking for clients); new, phone show, price, hot, fsk18 photos, on tour and
 * exclusive content exist only when the target is escorts.
 */
export type RestrictedFilter =
  | "cup_size"
  | "breast_type"
  | "hair"
  | "piercing"
  | "price_durations"
  | "is_new"
  | "price"
  | "is_hot"
  | "on_tour"
  | "exclusive_content"
  | "fsk18_photos";
export function allowedFilters(searcher: Searcher, target: SearchTarget): Set<RestrictedFilter> {
  const allowed = new Set<RestrictedFilter>(["cup_size", "breast_type", "hair", "piercing", "price_durations"]);
  if (searcher.userType === USER_TYPE.escort)
    for (const f of ["cup_size", "breast_type", "hair", "piercing", "price_durations"] as const) allowed.delete(f);
  if (target === "escort") for (const f of ["is_new", "price", "is_hot", "on_tour", "exclusive_content"] as const) allowed.add(f);
  else allowed.delete("price_durations");
  // The closed user group (JMStV § 4, ADR 105): only a viewer age-verified in this session may filter for fsk18 photos.
  if (target === "escort" && searcher.ageVerified === true) allowed.add("fsk18_photos");
  return allowed;
}

// --- Appearance filters (spec section 6) ----------------------------------------

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

/** The allowedFilters entry each parameter falls under ("hair" covers colour and length; tattoo follows piercing). */
export const APPEARANCE_RULES: Record<AppearanceParam, RestrictedFilter> = {
  cup: "cup_size",
  breast_type: "breast_type",
  hair_color: "hair",
  hair_length: "hair",
  piercing: "piercing",
  tattoo: "piercing",
};
/** The filterquery field of each list parameter. */
/** Internal to the search contract (contract/search.ts builds the request with it). */
export const APPEARANCE_FILTER_FIELDS = {
  cup: "cup_size",
  breast_type: "breast_type",
  hair_color: "hair_color",
  hair_length: "hair_length",
} as const;

/**
 * URL key → option ids per list parameter (cup: band → its cup options),
 * built from contract/traits by contract/search-appearance.ts and passed in
 * by server code: this module is part of the search page's browser bundle,
 * the trait lists are not. Without it, keys are checked for shape only and
 * list filters are not sent (the flags need no catalog).
 */
export type AppearanceCatalog = Readonly<Record<AppearanceListParam, ReadonlyMap<string, readonly number[]>>>;

const OPTION_KEY_RE = /^[a-z][a-z0-9_]{0,39}$/;
export const MAX_APPEARANCE_KEYS = 20;

/** The appearance parameters a searcher may use on a target; businesses have no appearance traits. */
/** The only-show flags the searcher may use: the five that are restricted filters of their own, when allowed. */
export function allowedOnlyShowTypes(types: OnlyShowType[], allowed: Set<RestrictedFilter>): OnlyShowType[] {
  const restricted = ["is_new", "is_hot", "on_tour", "exclusive_content", "fsk18_photos"] as const;
  return types.filter((t) => !(restricted as readonly string[]).includes(t) || allowed.has(t as (typeof restricted)[number]));
}

export function allowedAppearanceParams(searcher: Searcher, target: SearchTarget): AppearanceParam[] {
  if (target === "business") return [];
  const allowed = allowedFilters(searcher, target);
  return [...APPEARANCE_LIST_PARAMS, ...APPEARANCE_FLAG_PARAMS].filter((param) => allowed.has(APPEARANCE_RULES[param]));
}

/** Drops what the searcher may not use and, with a catalog, keys it does not know; undefined when nothing is left. */
export function restrictAppearance(
  appearance: AppearanceState | undefined,
  params: readonly AppearanceParam[],
  catalog: AppearanceCatalog | undefined,
): AppearanceState | undefined {
  if (!appearance) return undefined;
  const out: AppearanceState = {};
  for (const param of APPEARANCE_LIST_PARAMS) {
    const known = catalog?.[param];
    const keys = params.includes(param) ? (appearance[param] ?? []).filter((key) => !known || known.has(key)) : [];
    if (keys.length > 0) out[param] = [...keys];
  }
  for (const param of APPEARANCE_FLAG_PARAMS) {
    const value = appearance[param];
    if (params.includes(param) && value !== undefined) out[param] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

// --- Radius (spec sections 5 and 9) --------------------------------------------

// --- Ranges ----------------------------------------------------------------------

function parseEnd(raw: string | undefined): RangeEnd | null {
  if (raw === undefined) return null;
  const text = raw.trim();
  if (text === "") return null;
  if (text === "*") return "*";
  if (!/^\d{1,6}$/.test(text)) return null;
  return Number(text);
}

/** "a-b", "a-*", "*-b", "a+" → [min,max]; empty or both open → undefined (dropped). */
export function parseRange(raw: string | undefined | null): Range | undefined {
  if (typeof raw !== "string") return undefined;
  const text = raw.trim();
  if (text.length > 20) return undefined;
  const plus = /^(\d{1,6})\+$/.exec(text);
  if (plus) return [Number(plus[1]), "*"];
  const parts = text.split("-");
  if (parts.length !== 2) return undefined;
  const min = parseEnd(parts[0]) ?? "*";
  const max = parseEnd(parts[1]) ?? "*";
  return normalizeRange([min, max]);
}

/** Drops empty ranges (both ends open) and swaps reversed ends. */
export function normalizeRange(range: Range): Range | undefined {
  const [min, max] = range;
  if (min === "*" && max === "*") return undefined;
  if (min !== "*" && max !== "*" && min > max) return [max, min];
  return [min, max];
}

export function formatRange(range: Range): string {
  if (range[1] === "*") return `${range[0]}+`;
  return `${range[0]}-${range[1]}`;
}

export function rangeFromInputs(min: string | undefined | null, max: string | undefined | null): Range | undefined {
  const lo = parseEnd(min ?? undefined);
  const hi = parseEnd(max ?? undefined);
  return normalizeRange([lo ?? "*", hi ?? "*"]);
}

// --- The query string ------------------------------------------------------------

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

export const EMPTY_URL_STATE: SearchUrlState = { gender: [], country: [], customized: false, onlyShowType: [], page: 1 };

/** The query keys the search page owns; anything else in the URL is ignored. */
export const SEARCH_QUERY_KEYS = [
  "sort",
  "radius",
  "gender",
  "age",
  "price",
  "price_duration",
  "price_min",
  "price_max",
  "weight",
  "weight_min",
  "weight_max",
  "height",
  "height_min",
  "height_max",
  "country",
  "city",
  "lat",
  "lon",
  "user_type",
  "customized",
  "only_show_type",
  "popFilters",
  "page",
  ...APPEARANCE_LIST_PARAMS,
  ...APPEARANCE_FLAG_PARAMS,
] as const;

const GENDER_SET = new Set<number>(Object.values(GENDER));
export const COUNTRY_RE = /^[A-Za-z]{2}$/;
const POP_FILTER_RE = /^[a-z0-9][a-z0-9_-]{0,59}$/;

function listOf(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "")
    .slice(0, 50);
}

function numberIn(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || raw.trim() === "" || raw.length > 24) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

export function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Query string → state. Unknown or malformed values are dropped, never thrown. */
export function parseSearchParams(params: URLSearchParams): SearchUrlState {
  const state: SearchUrlState = { ...EMPTY_URL_STATE, gender: [], country: [], onlyShowType: [] };
  const sort = params.get("sort");
  if (sort && (SEARCH_SORTS as readonly string[]).includes(sort)) state.sort = sort as SearchSort;

  const radius = numberIn(params.get("radius"), -1e9, 1e9);
  if (radius !== undefined) state.radius = Math.trunc(radius);

  const genders = listOf(params, "gender").map(Number);
  if (genders.includes(0)) state.gender = [0];
  else state.gender = unique(genders.filter((g) => GENDER_SET.has(g))).sort((a, b) => a - b);

  const age = params.get("age");
  state.age = age !== null ? parseRange(age) : undefined;
  if (state.age) state.age = clampAge(state.age);

  const customized = params.get("customized");
  state.customized = customized === "1" || customized === "true";
  state.price = parseRange(params.get("price")) ?? rangeFromInputs(params.get("price_min"), params.get("price_max"));
  const duration = Number(params.get("price_duration"));
  if ((PRICE_DURATIONS as readonly number[]).includes(duration) && duration !== DEFAULT_PRICE_DURATION)
    state.priceDuration = duration as PriceDuration;
  // Without a customized price, only the bands of spec section 9 per hour.
  if (!state.customized) {
    delete state.priceDuration;
    if (state.price && !PRICE_BAND_KEYS.some((band) => sameRange(PRICE_BANDS[band] as unknown as Range, state.price as Range)))
      delete state.price;
  }

  state.weight = parseRange(params.get("weight")) ?? rangeFromInputs(params.get("weight_min"), params.get("weight_max"));
  state.height = parseRange(params.get("height")) ?? rangeFromInputs(params.get("height_min"), params.get("height_max"));

  state.country = unique(
    listOf(params, "country")
      .filter((c) => COUNTRY_RE.test(c))
      .map((c) => c.toUpperCase()),
  ).sort();

  const city = params.get("city")?.trim();
  if (city && city.length <= 80) state.city = city;
  const lat = numberIn(params.get("lat"), -90, 90);
  const lon = numberIn(params.get("lon"), -180, 180);
  if (lat !== undefined && lon !== undefined) {
    state.lat = lat;
    state.lon = lon;
  }

  const userType = params.get("user_type");
  if (userType && (SEARCH_TARGETS as readonly string[]).includes(userType)) state.userType = userType as SearchTarget;

  state.onlyShowType = unique(
    listOf(params, "only_show_type").filter((t): t is OnlyShowType => (ONLY_SHOW_TYPES as readonly string[]).includes(t)),
  ).sort();

  const appearance = parseAppearance(params);
  if (appearance) state.appearance = appearance;

  const pop = params.get("popFilters");
  if (pop && POP_FILTER_RE.test(pop)) state.popFilters = pop;

  const page = numberIn(params.get("page"), 1, 10_000);
  state.page = page === undefined ? 1 : Math.trunc(page);
  return state;
}

/** Option keys by shape only (the catalog check is normalizeUrlState's), sorted and unique; flags 0/1. */
function parseAppearance(params: URLSearchParams): AppearanceState | undefined {
  const out: AppearanceState = {};
  for (const param of APPEARANCE_LIST_PARAMS) {
    const keys = unique(listOf(params, param).filter((key) => OPTION_KEY_RE.test(key)))
      .sort()
      .slice(0, MAX_APPEARANCE_KEYS);
    if (keys.length > 0) out[param] = keys;
  }
  for (const param of APPEARANCE_FLAG_PARAMS) {
    const raw = params.get(param);
    if (raw === "0" || raw === "1") out[param] = raw === "1" ? 1 : 0;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function clampAge(range: Range): Range | undefined {
  const clamp = (end: RangeEnd): RangeEnd => (end === "*" ? "*" : Math.min(MAX_AGE, Math.max(MIN_AGE, end)));
  return normalizeRange([clamp(range[0]), clamp(range[1])]);
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

/**
 * The rules of sections 5 and 6 applied to what the URL says, for a given
 * searcher: the radius is clamped and member clients get their sort. When
 * the result differs from the URL, the page redirects to `canonical`.
 */
export function normalizeUrlState(
  state: SearchUrlState,
  searcher: Searcher,
  options: { impliedUserType?: SearchTarget; mode?: SearchMode; appearance?: AppearanceCatalog } = {},
): SearchUrlState {
  const next: SearchUrlState = { ...state, gender: [...state.gender], country: [...state.country], onlyShowType: [...state.onlyShowType] };
  if (next.radius !== undefined) next.radius = clampRadius(next.radius, wideRadiusFor(searcher));
  // A listing path (/escorts, /agenturen-clubs) implies its target; the URL's user_type still wins.
  const target = searchTargetFor(searcher, next.userType ?? options.impliedUserType, options.mode);
  const defaults = defaultSortFor(searcher);
  if (next.sort && !SORTS_FOR_TARGET[target].includes(next.sort)) delete next.sort;
  // The forced member sort only where the target offers it (not for clients or businesses).
  if (!next.sort && defaults.forcedInUrl && SORTS_FOR_TARGET[target].includes(defaults.sort)) next.sort = defaults.sort;
  // The business path implies its target; a user_type there would only mislead.
  if (options.mode === "business") delete next.userType;
  // Guests asking for clients see escorts: keep the URL honest.
  else if (next.userType && next.userType !== target && next.userType !== "business") next.userType = target;
  const allowed = allowedFilters(searcher, target);
  if (!allowed.has("price")) {
    delete next.price;
    delete next.priceDuration;
    next.customized = false;
  }
  if (!allowed.has("price_durations")) delete next.priceDuration;
  next.onlyShowType = allowedOnlyShowTypes(next.onlyShowType, allowed);
  const appearance = restrictAppearance(next.appearance, allowedAppearanceParams(searcher, target), options.appearance);
  if (appearance) next.appearance = appearance;
  else delete next.appearance;
  return next;
}

// --- Search filter actions (spec section 4) ----------------------------------------

export type FilterAction =
  | "reset_all"
  | "reset_radius_and_position"
  | "reset_sort"
  | "switch_customized_price"
  | "reset_weight"
  | "reset_height"
  | "reset_appearance";

/** The actions of section 4 that carry a value (the form's fields, the position button, the mode link). */
export type FilterUpdate =
  | { type: "update_location"; city: string }
  | { type: "update_radius_position"; lat: number; lon: number; radius?: number }
  | { type: "update_weight"; range: Range | undefined }
  | { type: "update_height"; range: Range | undefined }
  | { type: "update_search_mode"; mode: SearchMode };

/** Each action of section 4 as a new URL state; the page renders them as links and forms. */
export function applyFilterAction(state: SearchUrlState, action: FilterAction | FilterUpdate): SearchUrlState {
  const base: SearchUrlState = { ...state, page: 1 };
  if (typeof action === "object") return applyFilterUpdate(base, action);
  switch (action) {
    case "reset_all":
      return { ...EMPTY_URL_STATE, gender: [], country: [], onlyShowType: [], ...(state.userType ? { userType: state.userType } : {}) };
    case "reset_radius_and_position": {
      const { radius: _r, lat: _lat, lon: _lon, city: _c, ...rest } = base;
      return rest;
    }
    case "reset_sort": {
      const { sort: _s, ...rest } = base;
      return rest;
    }
    case "switch_customized_price": {
      const { price: _p, priceDuration: _d, ...rest } = base;
      return { ...rest, customized: !state.customized };
    }
    case "reset_weight": {
      const { weight: _w, ...rest } = base;
      return rest;
    }
    case "reset_height": {
      const { height: _h, ...rest } = base;
      return rest;
    }
    case "reset_appearance": {
      const { appearance: _a, ...rest } = base;
      return rest;
    }
  }
}

function applyFilterUpdate(base: SearchUrlState, update: FilterUpdate): SearchUrlState {
  switch (update.type) {
    case "update_location": {
      // A typed city replaces a position and the country mode: one location at a time.
      const { lat: _lat, lon: _lon, city: _c, ...rest } = base;
      const city = update.city.trim().slice(0, 80);
      return { ...rest, country: [], ...(city ? { city } : {}) };
    }
    case "update_radius_position": {
      const { city: _c, lat: _lat, lon: _lon, ...rest } = base;
      const lat = Math.round(update.lat * 1e5) / 1e5;
      const lon = Math.round(update.lon * 1e5) / 1e5;
      // Out-of-range coordinates are no position (section 5): keep the rest.
      if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) return rest;
      return { ...rest, country: [], lat, lon, ...(update.radius !== undefined ? { radius: update.radius } : {}) };
    }
    case "update_weight":
    case "update_height": {
      const key = update.type === "update_weight" ? "weight" : "height";
      const { [key]: _old, ...rest } = base;
      const range = update.range ? normalizeRange(update.range) : undefined;
      return range ? { ...rest, [key]: range } : rest;
    }
    case "update_search_mode":
      // Another mode searches other people: only the location carries over.
      return {
        ...EMPTY_URL_STATE,
        gender: [],
        onlyShowType: [],
        country: [...base.country],
        ...(base.city ? { city: base.city } : {}),
        ...(base.lat !== undefined && base.lon !== undefined ? { lat: base.lat, lon: base.lon } : {}),
        ...(base.radius !== undefined ? { radius: base.radius } : {}),
      };
  }
}

/** The listing path of a search mode's default target (for the "update search mode" link). */
export function listingPathFor(mode: SearchMode, target: SearchTarget): string {
  if (mode === "business") return LISTING_PATHS.business;
  return LISTING_PATHS[target === "business" ? "escort" : target];
}

// --- Display (spec section 9) ----------------------------------------------------

// A tile's distance label: in ./search-distance, which only the profile tile imports (ADR 155).
export { distanceLabel } from "./search-distance";

/** The saved search of clients and escorts (the user_filters cookie). */
export function savesFilters(userType: number): boolean {
  return userType === USER_TYPE.client || userType === USER_TYPE.escort;
}

export interface SearchHit extends ProfileIdentity {
  user_id: number;
  city_slug: string | null;
  city_id: number | null;
  country_code: string | null;
  /** Kilometres from the search point (radius mode), else null. */
  distance_km: number | null;
  /** Price per hour in euros (or null). */
  price: { duration_minutes: number; price_eur: number } | null;
  avatar: MediaImage | null;
  is_member: boolean;
  is_new: boolean;
  is_verified: boolean;
  is_hot: boolean;
  review_count: number;
  rating_avg: number | null;
  last_login_at: number | null;
  /** Listed here because of an active tour in the searched place ("in town from/to"; ADR 028), else null. */
  tour: { city_name: string; date_from: string; date_to: string } | null;
  /**
   * The contact rule that keeps this viewer from writing first (hot or new escort: plus clients only; ADR 068), for
   * the tile's line; null where it does not apply to the viewer (a plus client, or not such an escort).
   */
  contact_rule: TileContactRule | null;
  /**
   * How long ago the profile last rose (contract/wallet RISE_UP_BANDS) while that is within 72 hours, for the tile's
   * small label; null when it never rose or longer ago (ADR 084).
   */
  risen: Exclude<RiseUpBand, "72+"> | null;
}

export interface FacetBucket {
  key: string;
  count: number;
}

/** GET /search/autocomplete: cities (as /search/city) and up to five findable profiles whose username starts with q. */
export interface SearchAutocomplete {
  cities: CityHit[];
  users: Array<{ username: string; display_name: string; user_type: number }>;
}

/** A trait option the search form offers (figure, origin, cup size). */
export interface SearchTraitOption {
  id: number;
  key: string;
  category?: string;
}

/** POST /search/filters: what the search form offers this searcher (keys are data: the web tier does not camelize them). */
export interface SearchFilters {
  target: SearchTarget;
  sorts: readonly SearchSort[];
  default_sort: SearchSort;
  sort_forced_in_url: boolean;
  radius_options: number[];
  default_radius: number;
  default_gender: number[];
  age_bands: AgeBand[];
  price_bands: PriceBand[];
  price_durations: readonly PriceDuration[];
  only_show_types: OnlyShowType[];
  allowed_filters: RestrictedFilter[];
  traits: { figure_type: SearchTraitOption[]; race_type: SearchTraitOption[]; cup_size?: SearchTraitOption[] };
}
