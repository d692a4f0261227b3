/** The block group's endpoints (spec section 7 "block"), as the web tier calls them. */
import { blocksOps } from "#server/contract/operations/blocks";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type BlockListData = DataOf<typeof blocksOps.list>;

export function fetchBlockList(api: ApiClient): Promise<ApiResult<BlockListData>> {
  return api.op(blocksOps.list, { handleErrors: true });
}

export function blockMember(api: ApiClient, username: string): Promise<ApiResult<BlockListData>> {
  return api.op(blocksOps.block, { params: { username }, handleErrors: true });
}

export function unblockMember(api: ApiClient, username: string): Promise<ApiResult<BlockListData>> {
  return api.op(blocksOps.unblock, { params: { username }, handleErrors: true });
}
