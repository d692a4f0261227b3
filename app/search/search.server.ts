/**
 * The first-screen search data (what POST /node/search/search-init returns
 * and what the search pages will render): the URL state parsed and
 * normalized by the one mapping in #server/contract/search, the canonical
 * query string (a page redirects when the URL differs, e.g. a reset radius
 * or the forced member sort), the form definition and the first page.
 */
import type { AppLoadContext } from "@remix-run/node";
import {
  DEFAULT_LOCATION,
  type SearchMode,
  type SearchRequest,
  type Searcher,
  GUEST_SEARCHER,
  buildSearchRequest,
  normalizeUrlState,
  parseSearchParams,
  serializeSearchParams,
  type SearchTarget,
  type SearchUrlState,
} from "#server/contract/search";
import { createApiClient } from "~/api/client.server";
import { loadViewer } from "~/api/viewer.server";

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
  /** POST /search/filters, not camelized (spec section 7). */
  filters: unknown;
  hits: unknown[];
  meta: unknown;
}

export async function loadSearchInit(
  request: Request,
  context: AppLoadContext | undefined,
  options: { mode?: SearchMode; apiUrl?: string; impliedUserType?: SearchTarget } = {},
): Promise<SearchInitData> {
  const mode = options.mode ?? "user";
  const url = new URL(request.url);
  const api = createApiClient({ request, ...(context ? { context } : {}), ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}) });
  const viewer = context ? await loadViewer(request, context) : null;
  const searcher: Searcher = viewer ? { userType: viewer.profile.userType, gender: viewer.profile.gender, isMember: viewer.isMember } : GUEST_SEARCHER;
  const state = normalizeUrlState(parseSearchParams(url.searchParams), searcher);
  const canonicalQuery = serializeSearchParams(state).toString();

  let city: CityOption | null = null;
  if (state.city) {
    const found = await api.call<Array<{ key: string; name: string; lat: number; lon: number }>>("/api/v2/search/city", { params: { q: state.city }, handleErrors: true });
    const first = found.ok ? found.data[0] : undefined;
    if (first) city = { key: first.key, name: first.name, lat: first.lat, lon: first.lon };
  }
  const point = state.lat !== undefined && state.lon !== undefined ? { lat: state.lat, lon: state.lon } : city ?? (state.country.length > 0 ? null : DEFAULT_LOCATION);
  // A listing path (/escorts) implies its target without writing it into the URL.
  const effective = options.impliedUserType && !state.userType ? { ...state, userType: options.impliedUserType } : state;
  const searchRequest = buildSearchRequest(effective, searcher, point, { mode });
  const [filters, result] = await Promise.all([
    api.call("/api/v2/search/filters", { method: "POST", body: { searchMode: mode, ...(effective.userType ? { user_type: effective.userType } : {}) }, camelize: false, handleErrors: true }),
    searchRequest
      ? api.call<unknown[]>("/api/v2/search/user-and-business", { method: "POST", body: searchRequest, handleErrors: true, autoCancel: true })
      : Promise.resolve(null),
  ]);
  return {
    state,
    canonicalQuery,
    // Unknown parameters are dropped by the redirect too: the query string is the search state.
    needsRedirect: url.search.replace(/^\?/, "") !== canonicalQuery,
    city,
    request: searchRequest,
    filters: filters.ok ? filters.data : null,
    hits: result && result.ok ? result.data : [],
    meta: result && result.ok ? (result.meta ?? null) : null,
  };
}
