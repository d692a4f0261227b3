/** The favorites and visitors endpoints (spec section 7 "favorites", "visitors"), as the web tier calls them. */
import type { FavoriteChange, UserList } from "#server/contract/favorites";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult, Params } from "./client.server";

export type UserListData = Camelize<UserList>;
export type FavoriteChangeData = Camelize<FavoriteChange>;
export type UserListGroup = "favorites" | "visitors";

/** GET /favorites or /visitors: `params` are the contract's query (type, page_no, page_size and the filters). */
export function fetchUserList(api: ApiClient, group: UserListGroup, params: Params): Promise<ApiResult<UserListData>> {
  return api.call<UserListData>(group === "favorites" ? "/api/v2/favorites" : "/api/v2/visitors", { params, handleErrors: true });
}

export function addFavorite(api: ApiClient, username: string): Promise<ApiResult<FavoriteChangeData>> {
  return api.call<FavoriteChangeData>(`/api/v2/favorites/${encodeURIComponent(username)}`, { method: "POST", handleErrors: true });
}

export function removeFavorite(api: ApiClient, username: string): Promise<ApiResult<FavoriteChangeData>> {
  return api.call<FavoriteChangeData>(`/api/v2/favorites/${encodeURIComponent(username)}`, { method: "DELETE", handleErrors: true });
}
