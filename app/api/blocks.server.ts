/** The block group's endpoints (spec section 7 "block"), as the web tier calls them. */
import type { BlockList } from "#server/contract/blocks";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type BlockListData = Camelize<BlockList>;

export function fetchBlockList(api: ApiClient): Promise<ApiResult<BlockListData>> {
  return api.call<BlockListData>("/api/v2/block", { handleErrors: true });
}

export function blockMember(api: ApiClient, username: string): Promise<ApiResult<BlockListData>> {
  return api.call<BlockListData>(`/api/v2/block/${encodeURIComponent(username)}`, { method: "POST", handleErrors: true });
}

export function unblockMember(api: ApiClient, username: string): Promise<ApiResult<BlockListData>> {
  return api.call<BlockListData>(`/api/v2/block/${encodeURIComponent(username)}`, { method: "DELETE", handleErrors: true });
}
