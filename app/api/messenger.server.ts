/** The messenger group's endpoints (spec section 7 "messenger"; ADR 043), as the web tier calls them. */
import {
  CLIENT_KEY_PATTERN,
  type Conversation,
  type MessengerAutocomplete,
  type SendResult,
  type ThreadAction,
  type ThreadActionResult,
  type ThreadFolder,
  type ThreadList,
  type ThreadMediums,
} from "#server/contract/messenger";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult, RawCallOptions } from "./client.server";
import { camelize, normalizeErrors } from "./normalize";

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

/** GET /messenger/messages/{username}?after_id=: what arrived after the client's last seen id (a live resync). */
export function fetchConversationAfter(api: ApiClient, username: string, afterId: number): Promise<ApiResult<ConversationData>> {
  return api.call<ConversationData>(`/api/v2/messenger/messages/${encodeURIComponent(username)}`, {
    params: { after_id: afterId },
    handleErrors: true,
  });
}

/** GET /messenger/threads/{id}/mediums. */
export function fetchMediums(api: ApiClient, threadId: number): Promise<ApiResult<ThreadMediumsData>> {
  return api.call<ThreadMediumsData>(`/api/v2/messenger/threads/${threadId}/mediums`, { handleErrors: true });
}

/**
 * POST /messenger/send/{username}/photos: the member's multipart body streamed through. `clientKey` (ADR 048): the
 * same key on every try of one message makes a retry or a double submit answer the stored message.
 */
export function sendPhotos(
  api: ApiClient,
  username: string,
  body: NonNullable<RawCallOptions["body"]>,
  clientKey: string | null = null,
): Promise<Response> {
  const query = clientKey ? `?client_key=${encodeURIComponent(clientKey)}` : "";
  return api.raw(`/api/v2/messenger/send/${encodeURIComponent(username)}/photos${query}`, { method: "POST", body });
}

/** A send's client key from the page's address (`?key=`), when it has the API's shape; anything else is ignored. */
export function clientKeyOf(url: URL): string | null {
  const key = url.searchParams.get("key");
  return key !== null && CLIENT_KEY_PATTERN.test(key) ? key : null;
}

/** A refused send: the errors and what the contact rules said (the upgrade prompt). */
export type SendRefusal = Extract<ApiResult<never>, { ok: false }> & { outcome: string | null; upgrade: boolean };

/** The same multipart send, read as a result (the live composer answers JSON, not a redirect). */
export async function sendPhotosResult(
  api: ApiClient,
  username: string,
  body: NonNullable<RawCallOptions["body"]>,
  clientKey: string | null = null,
): Promise<{ ok: true; status: number; data: Camelize<SendResult> } | SendRefusal> {
  const response = await sendPhotos(api, username, body, clientKey);
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 201) {
    // The API wraps its answers in `data` (client.server.ts reads them the same way).
    const payload = answer && typeof answer === "object" && "data" in answer ? (answer as { data: unknown }).data : answer;
    return { ok: true, status: 201, data: camelize<Camelize<SendResult>>(payload) };
  }
  const extra = (answer && typeof answer === "object" ? answer : {}) as { outcome?: unknown; upgrade?: unknown };
  return {
    ok: false,
    status: response.status,
    errors: normalizeErrors(response.status, answer),
    outcome: typeof extra.outcome === "string" ? extra.outcome : null,
    upgrade: extra.upgrade === true,
  };
}

/** POST /messenger/no-thanks/{username}. */
export function sendNoThanks(api: ApiClient, username: string): Promise<ApiResult<Camelize<SendResult>>> {
  return api.call<Camelize<SendResult>>(`/api/v2/messenger/no-thanks/${encodeURIComponent(username)}`, {
    method: "POST",
    handleErrors: true,
  });
}

/** POST /messenger/threads/{id}/{action}. */
/** `upTo` (read only): mark read up to that message, not beyond (a live tab marks what it has shown). */
export function runThreadAction(
  api: ApiClient,
  threadId: number,
  action: ThreadAction,
  upTo?: number,
): Promise<ApiResult<Camelize<ThreadActionResult>>> {
  const params = upTo === undefined ? undefined : { up_to: String(upTo) };
  return api.call<Camelize<ThreadActionResult>>(`/api/v2/messenger/threads/${threadId}/${action}`, {
    method: "POST",
    params,
    handleErrors: true,
  });
}

/** GET /messenger/photos/{key}/{variant}: the file, through the API's check of the two members. */
export function fetchMessagePhoto(api: ApiClient, key: string, variant: string): Promise<Response> {
  return api.raw(`/api/v2/messenger/photos/${key}/${variant}`);
}

/** GET /messenger/autocomplete: names the member may write to. */
export function fetchAutocomplete(api: ApiClient, q: string): Promise<ApiResult<Camelize<MessengerAutocomplete>>> {
  return api.call<Camelize<MessengerAutocomplete>>("/api/v2/messenger/autocomplete", { params: { q }, handleErrors: true });
}
