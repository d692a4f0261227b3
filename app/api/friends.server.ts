/** The friends group's endpoints (spec section 7 "friends"; ADR 037), as the web tier calls them. */
import type { FriendKeyInput, FriendLinkAnswer, FriendList, FriendListType } from "#server/contract/friends";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type FriendListData = Camelize<FriendList>;
export type FriendLinkData = Camelize<FriendLinkAnswer>;

/** GET /friends: one tab and page of the member's links. */
export function fetchFriendList(api: ApiClient, type: FriendListType, page: number): Promise<ApiResult<FriendListData>> {
  return api.call<FriendListData>("/api/v2/friends", { params: { type, page }, handleErrors: true });
}

/** POST /friends/request/{username}. */
export function requestFriend(api: ApiClient, username: string): Promise<ApiResult<FriendLinkData>> {
  return api.call<FriendLinkData>(`/api/v2/friends/request/${encodeURIComponent(username)}`, { method: "POST", handleErrors: true });
}

/** POST /friends/accept | reject | cancel with the link's id and the key for it. */
export function answerFriendRequest(
  api: ApiClient,
  answer: "accept" | "reject" | "cancel",
  body: FriendKeyInput,
): Promise<ApiResult<FriendLinkData>> {
  return api.call<FriendLinkData>(`/api/v2/friends/${answer}`, { method: "POST", body, handleErrors: true });
}

/** DELETE /friends/unfriend/{id}. */
export function unfriend(api: ApiClient, linkId: number): Promise<ApiResult<FriendLinkData>> {
  return api.call<FriendLinkData>(`/api/v2/friends/unfriend/${linkId}`, { method: "DELETE", handleErrors: true });
}
