/** The friends group's endpoints (spec section 7 "friends"; ADR 037), as the web tier calls them. */
import type { FriendKeyInput, FriendListType } from "#server/contract/friends";
import { friendsOps } from "#server/contract/operations/friends";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type FriendListData = DataOf<typeof friendsOps.list>;
export type FriendLinkData = DataOf<typeof friendsOps.request>;

/** GET /friends: one tab and page of the member's links. */
export function fetchFriendList(api: ApiClient, type: FriendListType, page: number): Promise<ApiResult<FriendListData>> {
  return api.op(friendsOps.list, { query: { type, page }, handleErrors: true });
}

/** POST /friends/request/{username}. */
export function requestFriend(api: ApiClient, username: string): Promise<ApiResult<FriendLinkData>> {
  return api.op(friendsOps.request, { params: { username }, handleErrors: true });
}

/** POST /friends/accept | reject | cancel with the link's id and the key for it. */
export function answerFriendRequest(
  api: ApiClient,
  answer: "accept" | "reject" | "cancel",
  body: FriendKeyInput,
): Promise<ApiResult<FriendLinkData>> {
  return api.op(friendsOps[answer], { body, handleErrors: true });
}

/** DELETE /friends/unfriend/{id}. */
export function unfriend(api: ApiClient, linkId: number): Promise<ApiResult<FriendLinkData>> {
  return api.op(friendsOps.unfriend, { params: { id: linkId }, handleErrors: true });
}
