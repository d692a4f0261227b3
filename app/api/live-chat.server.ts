/** The live chat room's endpoints (issue 31 items 3 and 5, ADR 126), as the web tier calls them. */
import type { LiveViewerSanction } from "#server/contract/live";
import { liveChatOps } from "#server/contract/operations/live-chat";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type LiveChatRoomData = DataOf<typeof liveChatOps.room>;
export type LiveChatLineData = LiveChatRoomData["lines"][number];
export type LiveChatTippedData = DataOf<typeof liveChatOps.tip>;
export type LiveSuspensionData = DataOf<typeof liveChatOps.suspension>;

export function fetchLiveChatRoom(api: ApiClient, streamId: number, afterId?: number): Promise<ApiResult<LiveChatRoomData>> {
  return api.op(liveChatOps.room, {
    params: { id: streamId },
    query: afterId === undefined ? {} : { after_id: String(afterId) },
    handleErrors: true,
  });
}

export function postLiveChatLine(api: ApiClient, streamId: number, body: string) {
  return api.op(liveChatOps.post, { params: { id: streamId }, body: { body }, handleErrors: true });
}

export function tipInLiveChat(
  api: ApiClient,
  streamId: number,
  tip: { amount: number; key: string; anonymous: boolean },
): Promise<ApiResult<LiveChatTippedData>> {
  return api.op(liveChatOps.tip, { params: { id: streamId }, body: tip, handleErrors: true });
}

export function removeLiveChatLine(api: ApiClient, streamId: number, lineId: number) {
  return api.op(liveChatOps.removeLine, { params: { id: streamId, lineId }, handleErrors: true });
}

/** Mutes or removes a viewer (a sanction), or lets them back (null). */
export function setLiveViewerSanction(api: ApiClient, streamId: number, memberId: number, sanction: LiveViewerSanction | null) {
  return sanction === null
    ? api.op(liveChatOps.liftSanction, { params: { id: streamId, memberId }, handleErrors: true })
    : api.op(liveChatOps.sanction, { params: { id: streamId }, body: { member_id: memberId, sanction }, handleErrors: true });
}

export function staffEndLiveStream(api: ApiClient, streamId: number, statement: string) {
  return api.op(liveChatOps.staffEnd, { params: { id: streamId }, body: { statement }, handleErrors: true });
}

export function fetchLiveSuspension(api: ApiClient, memberId: number): Promise<ApiResult<LiveSuspensionData>> {
  return api.op(liveChatOps.suspension, { params: { memberId }, handleErrors: true });
}

/** `days`: a number, or the digits a form sent ("" or null: until lifted); the API judges them at the field. */
export function suspendLiveAccess(api: ApiClient, memberId: number, days: number | string | null, statement: string) {
  return api.op(liveChatOps.suspend, { body: { member_id: memberId, days: days ?? "", statement }, handleErrors: true });
}

export function liftLiveSuspension(api: ApiClient, memberId: number, statement: string) {
  return api.op(liveChatOps.lift, { params: { memberId }, body: { statement }, handleErrors: true });
}
