/**
 * Search: the constants of spec sections 6 and 9, the API request shape
 * (filterquery, facets, sort; spec section 3 "Search request") and the ONE
 * mapping between the search page's query string and that request. The
 * constants, the URL mapping and the display helpers live in ./search-url
 * (free of valibot, for the browser; ADR 149) and are re-exported here.
 *
 * Everything here is pure: no I/O, no clock except the `now` a caller passes,
 * and no function throws on any input (the property tests feed it garbage).
 * Both tiers import it: the web tier to parse/serialize URLs and to build the
 * request, the API to validate it and to apply the same rules again.
 */
import * as v from "valibot";
import { BUSINESS_KINDS, type BusinessKind } from "./signup-types";
import {
  APPEARANCE_FLAG_PARAMS,
  APPEARANCE_LIST_PARAMS,
  type AppearanceCatalog,
  COUNTRY_RE,
  DEFAULT_PRICE_DURATION,
  GLOBAL_RADIUS,
  MAX_SEARCH_PAGE_SIZE,
  ONLY_SHOW_TYPES,
  PRICE_DURATIONS,
  type PriceDuration,
  RANGE_FACETS,
  type Range,
  SEARCH_MODES,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  SEARCH_TARGETS,
  type SearchMode,
  type SearchUrlState,
  type Searcher,
  TERM_FACETS,
  allowedAppearanceParams,
  allowedFilters,
  allowedOnlyShowTypes,
  clampRadius,
  defaultGendersFor,
  defaultSortFor,
  normalizeRange,
  searchTargetFor,
  wideRadiusFor,
  APPEARANCE_FILTER_FIELDS,
  MAX_APPEARANCE_KEYS,
  restrictAppearance,
  unique,
} from "./search-url";

export * from "./search-url";

// --- The API request ---------------------------------------------------------------

const rangeEnd = v.union([v.literal("*"), v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000))]);
const rangeSchema = v.pipe(
  v.tuple([rangeEnd, rangeEnd]),
  v.transform((range) => normalizeRange(range as Range)),
);
const latSchema = v.pipe(v.number(), v.minValue(-90), v.maxValue(90));
const lonSchema = v.pipe(v.number(), v.minValue(-180), v.maxValue(180));
const flag = v.picklist([0, 1]);

const priceDurationEntries = Object.fromEntries(PRICE_DURATIONS.map((d) => [`price_${d}`, v.optional(rangeSchema)])) as Record<
  `price_${PriceDuration}`,
  v.OptionalSchema<typeof rangeSchema, undefined>
>;

export const filterQuerySchema = v.object({
  user_type: v.optional(v.picklist(SEARCH_TARGETS)),
  user_location: v.optional(v.object({ lat: latSchema, lon: lonSchema })),
  location: v.optional(v.object({ lat: latSchema, lon: lonSchema, radius: v.pipe(v.number(), v.minValue(-1e9), v.maxValue(1e9)) })),
  country: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(COUNTRY_RE), v.toUpperCase())), v.maxLength(50))),
  gender: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  age: v.optional(rangeSchema),
  price: v.optional(rangeSchema),
  weight: v.optional(rangeSchema),
  height: v.optional(rangeSchema),
  ...priceDurationEntries,
  is_smoker: v.optional(flag),
  piercing: v.optional(flag),
  tattoo: v.optional(flag),
  figure_type: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  race_type: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  cup_size: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  /** Option ids of these single-choice trait groups (contract/traits), any of them. */
  breast_type: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  hair_color: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  hair_length: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  only_show_type: v.optional(v.pipe(v.array(v.picklist(ONLY_SHOW_TYPES)), v.maxLength(ONLY_SHOW_TYPES.length))),
  customized: v.optional(flag),
  /** escort_service trait option ids (contract/traits), any of them (white-label home fallback: 133). */
  escort_service: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(20))),
  /** Spoken languages as ISO 639-1 keys of the languages trait, any of them (fallback: en). */
  language: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[a-z]{2}$/))), v.maxLength(10))),
  /** Businesses of this kind only (the business search's category, BUSINESS_CATEGORY_SLUGS); people match none. */
  business_kind: v.optional(v.picklist(BUSINESS_KINDS)),
});
export type FilterQuery = v.InferOutput<typeof filterQuerySchema>;

export const searchRequestSchema = v.object({
  page_no: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 1),
  page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SEARCH_PAGE_SIZE)), SEARCH_PAGE_SIZE),
  searchMode: v.optional(v.picklist(SEARCH_MODES), "user"),
  query: v.optional(v.object({ name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))) })),
  filterquery: v.optional(filterQuerySchema, {}),
  facets: v.optional(
    v.object({
      term: v.optional(v.array(v.picklist(TERM_FACETS))),
      range: v.optional(v.array(v.picklist(RANGE_FACETS))),
    }),
  ),
  sort: v.optional(v.picklist(SEARCH_SORTS)),
});
export type SearchRequest = v.InferInput<typeof searchRequestSchema>;
export type ParsedSearchRequest = v.InferOutput<typeof searchRequestSchema>;

/** A located search: either a radius around a point, or a list of countries. */
export type SearchLocation = { mode: "radius"; lat: number; lon: number; radius: number } | { mode: "country"; countries: string[] };

/**
 * "Search needs usable location" (spec section 5): a location with zero or
 * missing lat, lon or radius is dropped; radius mode needs numeric lat/lon;
 * country mode needs at least one country; otherwise null (no search built).
 */
export function usableLocation(filter: Pick<FilterQuery, "location" | "country">, wideRadius: boolean): SearchLocation | null {
  const loc = filter.location;
  if (loc && Number.isFinite(loc.lat) && Number.isFinite(loc.lon) && loc.lat !== 0 && loc.lon !== 0 && loc.radius !== 0) {
    // The global radius code is an internal request (white-label fallback), not a member choice.
    const radius = loc.radius === GLOBAL_RADIUS ? GLOBAL_RADIUS : clampRadius(loc.radius, wideRadius);
    return { mode: "radius", lat: loc.lat, lon: loc.lon, radius };
  }
  const countries = (filter.country ?? []).filter((c) => COUNTRY_RE.test(c));
  if (countries.length > 0) return { mode: "country", countries };
  return null;
}

/**
 * URL state + resolved point → the API request body. Returns null when no
 * usable location exists (the page then asks for one instead of searching).
 */
export function buildSearchRequest(
  state: SearchUrlState,
  searcher: Searcher,
  point: { lat: number; lon: number } | null,
  options: {
    mode?: SearchMode;
    pageSize?: number;
    facets?: boolean;
    appearance?: AppearanceCatalog;
    businessKind?: BusinessKind | null;
  } = {},
): SearchRequest | null {
  const mode = options.mode ?? "user";
  const target = searchTargetFor(searcher, state.userType, mode);
  const allowed = allowedFilters(searcher, target);
  const filter: FilterQuery = { user_type: target };
  if (point && !(state.country.length > 0 && !state.city && state.lat === undefined)) {
    filter.location = { lat: point.lat, lon: point.lon, radius: clampRadius(state.radius, wideRadiusFor(searcher)) };
  }
  if (state.country.length > 0) filter.country = state.country;
  if (!usableLocation(filter, wideRadiusFor(searcher))) return null;
  const genders = state.gender.length > 0 ? state.gender : defaultGendersFor(searcher);
  if (genders.length > 0 && !genders.includes(0)) filter.gender = genders;
  if (state.age) filter.age = state.age;
  if (state.price && allowed.has("price")) {
    const duration =
      state.customized && state.priceDuration && allowed.has("price_durations") ? state.priceDuration : DEFAULT_PRICE_DURATION;
    if (duration === DEFAULT_PRICE_DURATION) filter.price = state.price;
    else filter[`price_${duration}`] = state.price;
  }
  if (state.customized) filter.customized = 1;
  if (state.weight) filter.weight = state.weight;
  if (state.height) filter.height = state.height;
  const flags = allowedOnlyShowTypes(state.onlyShowType, allowed);
  if (flags.length > 0) filter.only_show_type = flags;
  const look = restrictAppearance(state.appearance, allowedAppearanceParams(searcher, target), options.appearance);
  if (look && options.appearance) {
    for (const param of APPEARANCE_LIST_PARAMS) {
      const catalog = options.appearance[param];
      const ids = unique((look[param] ?? []).flatMap((key) => catalog.get(key) ?? [])).sort((a, b) => a - b);
      if (ids.length > 0) filter[APPEARANCE_FILTER_FIELDS[param]] = ids.slice(0, MAX_APPEARANCE_KEYS);
    }
  }
  for (const param of APPEARANCE_FLAG_PARAMS) if (look?.[param] !== undefined) filter[param] = look[param];
  if (options.businessKind) filter.business_kind = options.businessKind;
  const request: SearchRequest = {
    page_no: state.page,
    page_size: options.pageSize ?? SEARCH_PAGE_SIZE,
    searchMode: mode,
    filterquery: filter,
    sort: state.sort ?? defaultSortFor(searcher).sort,
  };
  if (options.facets !== false) {
    request.facets = {
      term:
        target === "escort"
          ? ["gender", "figure_type", "race_type", ...(allowed.has("cup_size") ? (["cup_size"] as const) : [])]
          : // Clients have cup sizes too: the appearance section counts them by band.
            ["gender", ...(target === "client" && allowed.has("cup_size") ? (["cup_size"] as const) : [])],
      range: target === "escort" ? ["age", "price"] : ["age"],
    };
  }
  return request;
}
