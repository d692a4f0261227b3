/** The messenger group's endpoints (spec section 7 "messenger"; ADR 043), as the web tier calls them. */
import type {
  Conversation,
  MessengerAutocomplete,
  SendResult,
  ThreadAction,
  ThreadActionResult,
  ThreadFolder,
  ThreadList,
  ThreadMediums,
} from "#server/contract/messenger";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult, RawCallOptions } from "./client.server";

export type ThreadListData = Camelize<ThreadList>;
export type ConversationData = Camelize<Conversation>;
export type ThreadMediumsData = Camelize<ThreadMediums>;

/** GET /messenger/threads: one folder's page. */
export function fetchThreads(api: ApiClient, folder: ThreadFolder, page: number): Promise<ApiResult<ThreadListData>> {
  return api.call<ThreadListData>("/api/v2/messenger/threads", { params: { folder, page }, handleErrors: true });
}

/** GET /messenger/messages/{username}: the newest page, or older ones before a message id. */
export function fetchConversation(api: ApiClient, username: string, beforeId: number | null): Promise<ApiResult<ConversationData>> {
  return api.call<ConversationData>(`/api/v2/messenger/messages/${encodeURIComponent(username)}`, {
    params: beforeId ? { before_id: beforeId } : {},
    handleErrors: true,
  });
}

/** GET /messenger/threads/{id}/mediums. */
export function fetchMediums(api: ApiClient, threadId: number): Promise<ApiResult<ThreadMediumsData>> {
  return api.call<ThreadMediumsData>(`/api/v2/messenger/threads/${threadId}/mediums`, { handleErrors: true });
}

/** POST /messenger/send/{username} with text only. */
export function sendText(api: ApiClient, username: string, body: string): Promise<ApiResult<Camelize<SendResult>>> {
  return api.call<Camelize<SendResult>>(`/api/v2/messenger/send/${encodeURIComponent(username)}`, {
    method: "POST",
    body: { body },
    handleErrors: true,
  });
}

/** POST /messenger/send/{username}/photos: the member's multipart body streamed through. */
export function sendPhotos(api: ApiClient, username: string, body: NonNullable<RawCallOptions["body"]>): Promise<Response> {
  return api.raw(`/api/v2/messenger/send/${encodeURIComponent(username)}/photos`, { method: "POST", body });
}

/** POST /messenger/no-thanks/{username}. */
export function sendNoThanks(api: ApiClient, username: string): Promise<ApiResult<Camelize<SendResult>>> {
  return api.call<Camelize<SendResult>>(`/api/v2/messenger/no-thanks/${encodeURIComponent(username)}`, {
    method: "POST",
    handleErrors: true,
  });
}

/** POST /messenger/threads/{id}/{action}. */
export function runThreadAction(api: ApiClient, threadId: number, action: ThreadAction): Promise<ApiResult<Camelize<ThreadActionResult>>> {
  return api.call<Camelize<ThreadActionResult>>(`/api/v2/messenger/threads/${threadId}/${action}`, { method: "POST", handleErrors: true });
}

/** GET /messenger/photos/{key}/{variant}: the file, through the API's check of the two members. */
export function fetchMessagePhoto(api: ApiClient, key: string, variant: string): Promise<Response> {
  return api.raw(`/api/v2/messenger/photos/${key}/${variant}`);
}

/** GET /messenger/autocomplete: names the member may write to. */
export function fetchAutocomplete(api: ApiClient, q: string): Promise<ApiResult<Camelize<MessengerAutocomplete>>> {
  return api.call<Camelize<MessengerAutocomplete>>("/api/v2/messenger/autocomplete", { params: { q }, handleErrors: true });
}
