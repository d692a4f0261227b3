/** The search group's endpoints, as the web tier calls them: paths and types in one place. */
import type { BodyInput } from "#server/contract/operation";
import { searchOps } from "#server/contract/operations/search";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type SearchTile = DataOf<typeof searchOps.search>[number];
export type CitySuggestion = DataOf<typeof searchOps.city>[number];

/** POST /search/user-and-business: one page of hits (the total is in meta). */
export function searchProfiles(
  api: ApiClient,
  request: BodyInput<typeof searchOps.search>,
  options: { autoCancel?: boolean } = {},
): Promise<ApiResult<SearchTile[]>> {
  return api.op(searchOps.search, { body: request, handleErrors: true, ...options });
}

/** POST /search/top-ranking: the home page's best-ranked profiles around a point. */
export function topRanking(api: ApiClient, request: { lat: number; lon: number; limit: number }): Promise<ApiResult<SearchTile[]>> {
  return api.op(searchOps.topRanking, { body: request, handleErrors: true });
}

/** POST /search/personalized: a member's list page. */
export function personalized(api: ApiClient, page: number): Promise<ApiResult<SearchTile[]>> {
  return api.op(searchOps.personalized, { body: { page_no: page }, handleErrors: true });
}

/** GET /search/city: cities by name or slug prefix, most populous first (the same for everyone: no token). */
export function searchCities(api: ApiClient, params: { q: string; country?: string }): Promise<ApiResult<CitySuggestion[]>> {
  return api.op(searchOps.city, { query: params, auth: false, handleErrors: true });
}

/** POST /search/filters: the filter definitions, keys as the API spells them (not camelized). */
export function searchFilters(
  api: ApiClient,
  request: BodyInput<typeof searchOps.filters>,
): Promise<ApiResult<DataOf<typeof searchOps.filters>>> {
  return api.op(searchOps.filters, { body: request, handleErrors: true });
}
