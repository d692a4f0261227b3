/**
 * The smaller search endpoints: filters (form definition), personalized,
 * top-ranking, SEO directory listing and username autocomplete. All of them
 * go through runSearch, so visibility and block rules are the same everywhere.
 */
import * as v from "valibot";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  AGE_BAND_KEYS,
  DEFAULT_LOCATION,
  DEFAULT_RADIUS,
  ONLY_SHOW_TYPES,
  PRICE_BAND_KEYS,
  PRICE_DURATIONS,
  SEARCH_MODES,
  SEARCH_PAGE_SIZE,
  SEARCH_TARGETS,
  SORTS_FOR_TARGET,
  allowedFilters,
  defaultGendersFor,
  defaultSortFor,
  radiusOptionsFor,
  searchTargetFor,
  type ParsedSearchRequest,
} from "../../contract/search";
import { SEO_MAX_PAGE, SEO_PAGE_SIZE, categoryFilter, countryCodeOfSlug, SEO_CATEGORY_WORDS, type SeoCategory } from "../../contract/seo";
import { findTraitGroup } from "../../contract/traits";
import { GEO_COUNTRIES } from "../../db/geo/regions";
import { GUEST_VIEWER, isListedProfile, notBlockedWith, viewerContext, type ViewerContext } from "../profiles/access";
import { cityBySlug } from "./geo";
import { hasTraitOption, runSearch, searcherOf, searchViewer, type SearchResult } from "./service";

export const searchFiltersSchema = v.object({
  user_type: v.optional(v.picklist(SEARCH_TARGETS)),
  searchMode: v.optional(v.picklist(SEARCH_MODES), "user"),
});

export function searchFilters(viewer: ViewerContext, gender: number | null, body: v.InferOutput<typeof searchFiltersSchema>) {
  const searcher = searcherOf(viewer, gender);
  const target = searchTargetFor(searcher, body.user_type, body.searchMode);
  const allowed = allowedFilters(searcher, target);
  const sort = defaultSortFor(searcher);
  const traitOptions = (key: string) => findTraitGroup(key)?.options.map((o) => ({ id: o.id, key: o.key, ...(o.category ? { category: o.category } : {}) })) ?? [];
  return {
    target,
    sorts: SORTS_FOR_TARGET[target],
    default_sort: sort.sort,
    sort_forced_in_url: sort.forcedInUrl,
    radius_options: radiusOptionsFor(searcher.isMember),
    default_radius: DEFAULT_RADIUS,
    default_gender: defaultGendersFor(searcher),
    age_bands: AGE_BAND_KEYS,
    price_bands: allowed.has("price") ? PRICE_BAND_KEYS : [],
    price_durations: allowed.has("price_durations") ? PRICE_DURATIONS : [],
    only_show_types: ONLY_SHOW_TYPES.filter((t) => !((t === "is_new" || t === "is_hot" || t === "on_tour") && !allowed.has(t))),
    allowed_filters: [...allowed].sort(),
    traits: {
      figure_type: traitOptions("figure_type"),
      race_type: traitOptions("race_type"),
      ...(allowed.has("cup_size") ? { cup_size: traitOptions("cup_size") } : {}),
    },
  };
}

/** The viewer's own point (profile lat/lon), else Berlin. */
async function ownPoint(deps: ApiDeps, userId: number): Promise<{ lat: number; lon: number }> {
  const row = await deps.db.selectFrom("profiles").select(["lat", "lon"]).where("user_id", "=", userId).executeTakeFirst();
  return row && row.lat !== null && row.lon !== null && row.lat !== 0 && row.lon !== 0 ? { lat: row.lat, lon: row.lon } : DEFAULT_LOCATION;
}

export async function personalizedSearch(deps: ApiDeps, user: AuthUser | null, pageNo: number): Promise<SearchResult> {
  if (!user) throw fail.unauthorized();
  const { viewer, gender } = await searchViewer(deps, user);
  const searcher = searcherOf(viewer, gender);
  const point = await ownPoint(deps, user.id);
  const genders = defaultGendersFor(searcher);
  const request: ParsedSearchRequest = {
    page_no: pageNo,
    page_size: SEARCH_PAGE_SIZE,
    searchMode: "user",
    filterquery: { location: { ...point, radius: DEFAULT_RADIUS }, ...(genders.length ? { gender: genders } : {}) },
    sort: defaultSortFor(searcher).sort,
  };
  return runSearch(deps, { request, viewer, viewerGender: gender });
}

export const topRankingSchema = v.object({
  lat: v.optional(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
  lon: v.optional(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEARCH_PAGE_SIZE)), 10),
});

export async function topRanking(deps: ApiDeps, user: AuthUser | null, body: v.InferOutput<typeof topRankingSchema>): Promise<SearchResult> {
  const { viewer, gender } = await searchViewer(deps, user);
  const point = body.lat !== undefined && body.lon !== undefined ? { lat: body.lat, lon: body.lon } : DEFAULT_LOCATION;
  const request: ParsedSearchRequest = {
    page_no: 1,
    page_size: body.limit,
    searchMode: "user",
    filterquery: { user_type: "escort", location: { lat: point.lat, lon: point.lon, radius: DEFAULT_RADIUS } },
    sort: "top_ranking",
  };
  return runSearch(deps, { request, viewer, viewerGender: gender });
}

const slugSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "validation.search.slug_invalid"));

export const seoSearchSchema = v.object({
  category: v.picklist(SEO_CATEGORY_WORDS as [SeoCategory, ...SeoCategory[]]),
  /** Country slug (deutschland) or ISO code (DE). */
  country: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  region: v.optional(slugSchema),
  city: v.optional(slugSchema),
  page_no: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEO_MAX_PAGE)), 1),
});

/**
 * A directory page: guests' view (members-only profiles excluded, no blocks
 * to apply), ranked by top_ranking, 12 per page. City pages list the profiles
 * whose city is that city (not a radius), region pages the region's.
 */
export async function seoSearch(deps: ApiDeps, body: v.InferOutput<typeof seoSearchSchema>): Promise<SearchResult & { meta: SearchResult["meta"] & { city: unknown; region: unknown } }> {
  const filter = categoryFilter(body.category);
  let countryCode: string | null = null;
  if (body.country) {
    const raw = body.country.trim();
    countryCode = /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : countryCodeOfSlug(raw.toLowerCase());
    if (!countryCode || !(GEO_COUNTRIES as readonly string[]).includes(countryCode)) throw fail.notFound("exception.search.place_not_found");
  }
  if ((body.region || body.city) && !countryCode) throw fail.notFound("exception.search.place_not_found");
  let region: { code: string; slug: string; name: string } | null = null;
  if (body.region && countryCode) {
    region = (await deps.db.selectFrom("regions").select(["code", "slug", "name"]).where("country_code", "=", countryCode).where("slug", "=", body.region).executeTakeFirst()) ?? null;
    if (!region) throw fail.notFound("exception.search.place_not_found");
  }
  const city = body.city && countryCode ? await cityBySlug(deps, countryCode, body.city) : null;
  if (body.city && (!city || (region && city.region_code !== region.code))) throw fail.notFound("exception.search.place_not_found");

  const request: ParsedSearchRequest = {
    page_no: body.page_no,
    page_size: SEO_PAGE_SIZE,
    searchMode: "user",
    filterquery: { country: countryCode ? [countryCode] : [...GEO_COUNTRIES], ...(filter.genders ? { gender: [...filter.genders] } : {}) },
    sort: "top_ranking",
  };
  const result = await runSearch(deps, {
    request,
    viewer: GUEST_VIEWER,
    viewerGender: null,
    userTypes: filter.userTypes,
    extra: (eb) => {
      const parts = [eb("search_profiles.members_only", "=", 0)];
      if (city) parts.push(eb("search_profiles.city_id", "=", city.id));
      else if (region) parts.push(eb("search_profiles.region_code", "=", region.code));
      if (filter.traits && filter.traits.length > 0) parts.push(eb.or(filter.traits.map((t) => hasTraitOption(eb, t.group, t.optionIds))));
      return eb.and(parts);
    },
  });
  return { ...result, meta: { ...result.meta, city, region } };
}

/** Listed profiles whose username starts with q (block relations excluded). */
export async function autocompleteUsers(deps: ApiDeps, user: AuthUser | null, q: string) {
  const prefix = q.trim().toLowerCase();
  if (prefix.length < 2) return [];
  const viewer = await viewerContext(deps, user);
  const rows = await deps.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "profiles.display_name", "users.user_type"])
    .where((eb) => {
      const parts = [isListedProfile(eb), eb("users.username_key", ">=", prefix), eb("users.username_key", "<", `${prefix}\u007f`)];
      if (viewer.id !== null) parts.push(notBlockedWith(eb, viewer.id), eb("users.id", "!=", viewer.id));
      else parts.push(eb("profiles.members_only", "=", 0));
      return eb.and(parts);
    })
    .orderBy("users.username_key")
    .limit(5)
    .execute();
  return rows;
}
