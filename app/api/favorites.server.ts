/** The favorites and visitors endpoints (spec section 7 "favorites", "visitors"), as the web tier calls them. */
import { favoritesOps } from "#server/contract/operations/favorites";
import type { ApiClient, ApiResult, DataOf, Params } from "./client.server";

export type UserListData = DataOf<typeof favoritesOps.list>;
export type FavoriteChangeData = DataOf<typeof favoritesOps.add>;
export type UserListGroup = "favorites" | "visitors";

/** GET /favorites or /visitors: `params` are the contract's query (type, page_no, page_size and the filters). */
export function fetchUserList(api: ApiClient, group: UserListGroup, params: Params): Promise<ApiResult<UserListData>> {
  return api.op(group === "favorites" ? favoritesOps.list : favoritesOps.visitors, { query: params, handleErrors: true });
}

export function addFavorite(api: ApiClient, username: string): Promise<ApiResult<FavoriteChangeData>> {
  return api.op(favoritesOps.add, { params: { username }, handleErrors: true });
}

export function removeFavorite(api: ApiClient, username: string): Promise<ApiResult<FavoriteChangeData>> {
  return api.op(favoritesOps.remove, { params: { username }, handleErrors: true });
}
