/** The search group's endpoints, as the web tier calls them: paths and types in one place. */
import type { CityHit } from "#server/contract/geo";
import type { SearchFilters, SearchHit } from "#server/contract/search";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type SearchTile = Camelize<SearchHit>;
export type CitySuggestion = Camelize<CityHit>;

/** POST /search/user-and-business: one page of hits (the total is in meta). */
export function searchProfiles(api: ApiClient, request: unknown, options: { autoCancel?: boolean } = {}): Promise<ApiResult<SearchTile[]>> {
  return api.call<SearchTile[]>("/api/v2/search/user-and-business", { method: "POST", body: request, handleErrors: true, ...options });
}

/** POST /search/top-ranking: the home page's best-ranked profiles around a point. */
export function topRanking(api: ApiClient, request: { lat: number; lon: number; limit: number }): Promise<ApiResult<SearchTile[]>> {
  return api.call<SearchTile[]>("/api/v2/search/top-ranking", { method: "POST", body: request, handleErrors: true });
}

/** POST /search/personalized: a member's list page. */
export function personalized(api: ApiClient, page: number): Promise<ApiResult<SearchTile[]>> {
  return api.call<SearchTile[]>("/api/v2/search/personalized", { method: "POST", body: { page_no: page }, handleErrors: true });
}

/** GET /search/city: cities by name or slug prefix, most populous first (the same for everyone: no token). */
export function searchCities(api: ApiClient, params: { q: string; country?: string }): Promise<ApiResult<CitySuggestion[]>> {
  return api.call<CitySuggestion[]>("/api/v2/search/city", { params, auth: false, handleErrors: true });
}

/** POST /search/filters: the filter definitions, keys as the API spells them (not camelized). */
export function searchFilters(api: ApiClient, request: Record<string, unknown>): Promise<ApiResult<SearchFilters>> {
  return api.call<SearchFilters>("/api/v2/search/filters", { method: "POST", body: request, camelize: false, handleErrors: true });
}
