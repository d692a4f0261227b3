/**
 * The smaller search endpoints: filters (form definition), personalized,
 * top-ranking, SEO directory listing and username autocomplete. All of them
 * go through runSearch, so visibility and block rules are the same everywhere.
 */
import type { Expression, SqlBool } from "kysely";
import type * as v from "valibot";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  AGE_BAND_KEYS,
  DEFAULT_LOCATION,
  DEFAULT_RADIUS,
  ONLY_SHOW_TYPES,
  PRICE_BAND_KEYS,
  PRICE_DURATIONS,
  SEARCH_PAGE_SIZE,
  SORTS_FOR_TARGET,
  allowedFilters,
  defaultGendersFor,
  defaultSortFor,
  radiusOptionsFor,
  searchTargetFor,
  wideRadiusFor,
  type ParsedSearchRequest,
  type SearchAutocomplete,
  type SearchFilters,
} from "../../contract/search";
import type { searchFiltersSchema, topRankingSchema } from "../../contract/operations/search";
import { findTraitGroup } from "../../contract/traits";
import { isFindableProfile, isGuestVisible, notBlockedWith, viewerContext, type ViewerContext } from "../access/index";
import { runSearch, searcherOf, searchViewer, type SearchResult } from "./service";

export function searchFilters(
  viewer: ViewerContext,
  gender: number | null,
  body: v.InferOutput<typeof searchFiltersSchema>,
): SearchFilters {
  const searcher = searcherOf(viewer, gender);
  const target = searchTargetFor(searcher, body.user_type, body.searchMode);
  const allowed = allowedFilters(searcher, target);
  const sort = defaultSortFor(searcher);
  const traitOptions = (key: string) =>
    findTraitGroup(key)?.options.map((o) => ({ id: o.id, key: o.key, ...(o.category ? { category: o.category } : {}) })) ?? [];
  return {
    target,
    sorts: SORTS_FOR_TARGET[target],
    default_sort: sort.sort,
    sort_forced_in_url: sort.forcedInUrl,
    radius_options: radiusOptionsFor(wideRadiusFor(searcher)),
    default_radius: DEFAULT_RADIUS,
    default_gender: defaultGendersFor(searcher),
    age_bands: AGE_BAND_KEYS,
    price_bands: allowed.has("price") ? PRICE_BAND_KEYS : [],
    price_durations: allowed.has("price_durations") ? PRICE_DURATIONS : [],
    only_show_types: ONLY_SHOW_TYPES.filter(
      (t) =>
        !((t === "is_new" || t === "is_hot" || t === "on_tour" || t === "exclusive_content" || t === "fsk18_photos") && !allowed.has(t)),
    ),
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

export async function topRanking(
  deps: ApiDeps,
  user: AuthUser | null,
  body: v.InferOutput<typeof topRankingSchema>,
): Promise<SearchResult> {
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

/** Findable profiles (listed, not hidden by their owner) whose username starts with q (block relations excluded). */
export async function autocompleteUsers(deps: ApiDeps, user: AuthUser | null, q: string): Promise<SearchAutocomplete["users"]> {
  const prefix = q.trim().toLowerCase();
  if (prefix.length < 2) return [];
  const viewer = await viewerContext(deps, user);
  const rows = await deps.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "profiles.display_name", "users.user_type"])
    .where((eb) => {
      const parts: Expression<SqlBool>[] = [
        isFindableProfile(eb),
        eb("users.username_key", ">=", prefix),
        eb("users.username_key", "<", `${prefix}\u007f`),
      ];
      if (viewer.id !== null) parts.push(notBlockedWith(eb, viewer.id), eb("users.id", "!=", viewer.id));
      else parts.push(isGuestVisible(eb));
      return eb.and(parts);
    })
    .orderBy("users.username_key")
    .limit(5)
    .execute();
  return rows;
}
