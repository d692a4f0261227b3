/**
 * The first-screen search data (what POST /node/search/search-init returns
 * and what the search pages render): the URL state parsed and normalized by
 * the one mapping in #server/contract/search, the canonical query string (a
 * page redirects when the URL differs, e.g. a reset radius or the forced
 * member sort), the popular-filter preset, the form definition and the first
 * page of results.
 */
import { data, type AppLoadContext } from "@remix-run/node";
import { applyPopFilter, findPopFilter, type PopFilter } from "#server/contract/pop-filters";
import {
  DEFAULT_LOCATION,
  type SearchMode,
  type SearchFilters,
  type SearchRequest,
  type SearchSort,
  type Searcher,
  GUEST_SEARCHER,
  buildSearchRequest,
  normalizeUrlState,
  parseSearchParams,
  searchTargetFor,
  serializeSearchParams,
  type SearchTarget,
  type SearchUrlState,
} from "#server/contract/search";
import { APPEARANCE_CATALOG } from "#server/contract/search-appearance";
import type { BusinessKind } from "#server/contract/registration-sign-up";
import { createApiClient } from "~/api/client.server";
import { searchCities, searchFilters, searchProfiles, type SearchTile } from "~/api/search.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { loadViewer, type Viewer } from "~/api/viewer.server";
import { userFiltersSetCookie } from "~/session/user-filters.server";

export interface CityOption {
  key: string;
  name: string;
  lat: number;
  lon: number;
}

export interface SearchInitData {
  state: SearchUrlState;
  /** The canonical query string for this searcher ("" when none). */
  canonicalQuery: string;
  /** True when the request's own query differs from the canonical one. */
  needsRedirect: boolean;
  city: CityOption | null;
  request: SearchRequest | null;
  /** POST /search/filters, not camelized (spec section 7); null unless asked for (`withFilters`) or unanswered. */
  filters: SearchFilters | null;
  hits: SearchTile[];
  meta: unknown;
  searcher: Searcher;
  target: SearchTarget;
  /** The preset applied to the search (path segment or popFilters parameter), or null. */
  popFilter: PopFilter | null;
  /** A preset slug was given that does not exist for this target: the page answers 404. */
  unknownPopFilter: boolean;
  /** A route with a preset path segment got the preset as a query parameter: redirect to /…/{slug}. */
  popFiltersToPath: string | null;
}

export interface SearchInitOptions {
  mode?: SearchMode;
  apiUrl?: string;
  /** A listing path (/escorts) implies its target without writing it into the URL. */
  impliedUserType?: SearchTarget;
  /**
   * The route's preset path segment: a string or null when the route has the
   * {popFilters?} segment (the query parameter then moves into the path),
   * undefined when it has none (the query parameter is the preset).
   */
  pathPopFilters?: string | null;
  /** A sort the page fixes (nearby: distance); it never appears in the URL. */
  fixedSort?: SearchSort;
  /** Where to search when the URL names no place (nearby: the viewer's own city); default Berlin. */
  fallbackCity?: string | null;
  /** The business search's category: businesses of this kind only (ADR 069). */
  businessKind?: BusinessKind | null;
  /**
   * Also ask the API for the form's definition (POST /search/filters): only the search-init endpoint answers it; the
   * pages draw their form from the contract's constants and would pay a whole API call for nothing (ADR 171).
   */
  withFilters?: boolean;
}

export function searcherOf(viewer: Viewer | null): Searcher {
  // The benefits as the API's entitlements kernel answered them: the web tier never decides plus itself (ADR 061).
  return viewer
    ? {
        userType: viewer.profile.userType,
        gender: viewer.profile.gender,
        benefits: viewer.entitlements.benefits,
        ageVerified: viewer.fsk18Open,
      }
    : GUEST_SEARCHER;
}

async function resolveCity(api: ReturnType<typeof createApiClient>, q: string): Promise<CityOption | null> {
  const lookup = async (params: { q: string; country?: string }) => {
    const found = await searchCities(api, params);
    return found.ok ? found.data : [];
  };
  // A city key ("de-hamburg", what the city combobox sends): /search/city only prefix-matches
  // names and slugs, so ask for the slug within its country and take the exact key.
  const value = q.trim().toLowerCase();
  const [, country, slug] = /^([a-z]{2})-([a-z0-9][a-z0-9-]*)$/.exec(value) ?? [];
  const exact = country && slug ? (await lookup({ q: slug, country: country.toUpperCase() })).find((hit) => hit.key === value) : undefined;
  const first = exact ?? (await lookup({ q }))[0];
  return first ? { key: first.key, name: first.name, lat: first.lat, lon: first.lon } : null;
}

export async function loadSearchInit(
  request: Request,
  context: AppLoadContext | undefined,
  options: SearchInitOptions = {},
): Promise<SearchInitData> {
  const mode = options.mode ?? "user";
  const url = new URL(request.url);
  const api = createApiClient({ request, ...(context ? { context } : {}), ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}) });
  const searcher = searcherOf(await loadViewer(request, context));
  const parsed = normalizeUrlState(parseSearchParams(url.searchParams), searcher, {
    ...(options.impliedUserType ? { impliedUserType: options.impliedUserType } : {}),
    mode,
    appearance: APPEARANCE_CATALOG,
  });
  const target = searchTargetFor(searcher, parsed.userType ?? options.impliedUserType, mode);

  // The preset: the path segment wins; on a route with that segment a query parameter moves into the path.
  const hasPathSlot = options.pathPopFilters !== undefined;
  const slug = options.pathPopFilters ?? parsed.popFilters ?? null;
  const popFilter = slug ? findPopFilter(slug, target) : null;
  const popFiltersToPath = hasPathSlot && !options.pathPopFilters && parsed.popFilters && popFilter ? parsed.popFilters : null;
  const state: SearchUrlState = { ...parsed };
  // Only a path segment can name a missing page; an unknown query preset is just dropped.
  if (hasPathSlot || !popFilter) delete state.popFilters;
  if (options.fixedSort) delete state.sort;
  const canonicalQuery = serializeSearchParams(state).toString();

  const placeQuery =
    state.city ?? (state.lat === undefined && state.country.length === 0 ? (options.fallbackCity ?? undefined) : undefined);
  const city = placeQuery ? await resolveCity(api, placeQuery) : null;
  const point =
    state.lat !== undefined && state.lon !== undefined
      ? { lat: state.lat, lon: state.lon }
      : (city ?? (state.country.length > 0 ? null : DEFAULT_LOCATION));
  let effective: SearchUrlState = options.impliedUserType && !state.userType ? { ...state, userType: options.impliedUserType } : state;
  if (popFilter) effective = applyPopFilter(effective, popFilter, searcher, target);
  if (options.fixedSort) effective = { ...effective, sort: options.fixedSort };
  // A typed city the API does not know runs no search: results from elsewhere under "not found" would mislead.
  const unknownCity = Boolean(state.city) && city === null && state.lat === undefined;
  const searchRequest = unknownCity
    ? null
    : buildSearchRequest(effective, searcher, point, {
        mode,
        appearance: APPEARANCE_CATALOG,
        businessKind: options.businessKind ?? null,
      });
  const [filters, result] = await Promise.all([
    options.withFilters
      ? searchFilters(api, { searchMode: mode, ...(effective.userType ? { user_type: effective.userType } : {}) })
      : Promise.resolve(null),
    searchRequest ? searchProfiles(api, searchRequest, { autoCancel: true }) : Promise.resolve(null),
  ]);
  return {
    state,
    canonicalQuery,
    // Unknown parameters are dropped by the redirect too: the query string is the search state.
    needsRedirect: url.search.replace(/^\?/, "") !== canonicalQuery,
    city,
    request: searchRequest,
    filters: filters?.ok ? filters.data : null,
    hits: result && result.ok ? result.data : [],
    meta: result && result.ok ? (result.meta ?? null) : null,
    searcher,
    target,
    popFilter,
    unknownPopFilter: Boolean(options.pathPopFilters) && popFilter === null,
    popFiltersToPath,
  };
}

/**
 * Wraps a search page's loader data with the user_filters cookie when the
 * request is a search that clients and escorts save (never for guests).
 */
export async function withSavedSearch<T>(args: { request: Request; context: AppLoadContext }, page: Promise<T>) {
  const [result, viewer] = await Promise.all([page, loadViewer(args.request, args.context)]);
  const cookie = viewer ? userFiltersSetCookie(args.request, searcherOf(viewer)) : null;
  return data(result, { headers: { ...publicPageHeaders(args.request), ...(cookie ? { "Set-Cookie": cookie } : {}) } });
}

/**
 * A listing page's cache headers: shared caches and the guest micro-cache may
 * keep a guest's page for a minute (it sets no cookie); a member's page is
 * private. The routes pass them on with `headers = profileHeaders`.
 */
export async function withPageHeaders<T>(args: { request: Request }, page: Promise<T>) {
  return data(await page, { headers: publicPageHeaders(args.request) });
}
