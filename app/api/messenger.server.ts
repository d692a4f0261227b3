/** The messenger group's endpoints (spec section 7 "messenger"; ADR 043), as the web tier calls them. */
import { CLIENT_KEY_PATTERN, type ThreadAction, type ThreadFolder } from "#server/contract/messenger";
import { messengerOps } from "#server/contract/operations/messenger";
import type { ApiClient, ApiResult, DataOf, RawCallOptions } from "./client.server";
import { camelize, normalizeErrors } from "./normalize";

export type ThreadListData = DataOf<typeof messengerOps.threads>;
export type ConversationData = DataOf<typeof messengerOps.conversation>;
export type ThreadMediumsData = DataOf<typeof messengerOps.mediums>;
export type ContactLimitData = DataOf<typeof messengerOps.contactLimit>;

/** GET /user/contact-limit: the viewer's first contacts left today and when the next frees. */
export function fetchContactLimit(api: ApiClient): Promise<ApiResult<ContactLimitData>> {
  return api.op(messengerOps.contactLimit, { handleErrors: true });
}
type SendResultData = DataOf<typeof messengerOps.sendPhotos>;

/** GET /messenger/threads: one folder's page. */
export function fetchThreads(api: ApiClient, folder: ThreadFolder, page: number): Promise<ApiResult<ThreadListData>> {
  return api.op(messengerOps.threads, { query: { folder, page }, handleErrors: true });
}

/** GET /messenger/messages/{username}: the newest page, or older ones before a message id. */
export function fetchConversation(api: ApiClient, username: string, beforeId: number | null): Promise<ApiResult<ConversationData>> {
  return api.op(messengerOps.conversation, { params: { username }, query: beforeId ? { before_id: beforeId } : {}, handleErrors: true });
}

/** GET /messenger/messages/{username}?after_id=: what arrived after the client's last seen id (a live resync). */
export function fetchConversationAfter(api: ApiClient, username: string, afterId: number): Promise<ApiResult<ConversationData>> {
  return api.op(messengerOps.conversation, { params: { username }, query: { after_id: afterId }, handleErrors: true });
}

/** GET /messenger/threads/{id}/mediums. */
export function fetchMediums(api: ApiClient, threadId: number): Promise<ApiResult<ThreadMediumsData>> {
  return api.op(messengerOps.mediums, { params: { id: threadId }, handleErrors: true });
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
  return api.raw(messengerOps.sendPhotos, { params: { username }, query: clientKey ? { client_key: clientKey } : undefined, body });
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
): Promise<{ ok: true; status: number; data: SendResultData } | SendRefusal> {
  const response = await sendPhotos(api, username, body, clientKey);
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 201) {
    // The API wraps its answers in `data` (client.server.ts reads them the same way).
    const payload = answer && typeof answer === "object" && "data" in answer ? (answer as { data: unknown }).data : answer;
    return { ok: true, status: 201, data: camelize<SendResultData>(payload) };
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
export function sendNoThanks(api: ApiClient, username: string): Promise<ApiResult<DataOf<typeof messengerOps.noThanks>>> {
  return api.op(messengerOps.noThanks, { params: { username }, handleErrors: true });
}

/** POST /messenger/threads/{id}/{action}. */
/** `upTo` (read only): mark read up to that message, not beyond (a live tab marks what it has shown). */
export function runThreadAction(
  api: ApiClient,
  threadId: number,
  action: ThreadAction,
  upTo?: number,
): Promise<ApiResult<DataOf<typeof messengerOps.threadAction>>> {
  return api.op(messengerOps.threadAction, {
    params: { id: threadId, action },
    query: upTo === undefined ? undefined : { up_to: upTo },
    handleErrors: true,
  });
}

/** GET /messenger/photos/{key}/{variant}: the file, through the API's check of the two members. */
export function fetchMessagePhoto(api: ApiClient, key: string, variant: string): Promise<Response> {
  return api.raw(messengerOps.photo, { params: { key, variant } });
}

/** GET /messenger/autocomplete: names the member may write to. */
export function fetchAutocomplete(api: ApiClient, q: string): Promise<ApiResult<DataOf<typeof messengerOps.autocomplete>>> {
  return api.op(messengerOps.autocomplete, { query: { q }, handleErrors: true });
}

/**
 * POST /messenger/send/{username}?unlock=first_contact (ADR 083): a text whose sender confirmed paying the
 * first-contact unlock; the API pays it in the send's transaction only when the first contact is past the limit.
 */
export function sendWithUnlock(
  api: ApiClient,
  username: string,
  body: string,
  clientKey: string,
): Promise<ApiResult<DataOf<typeof messengerOps.send>>> {
  return api.op(messengerOps.send, {
    params: { username },
    query: { client_key: clientKey, unlock: "first_contact" },
    body: { body },
    handleErrors: true,
  });
}

/** POST /messenger/boost/{id} (ADR 083): boosts one of the member's own messages under the page's money key. */
export function boostMessage(api: ApiClient, messageId: number, key: string): Promise<ApiResult<DataOf<typeof messengerOps.boost>>> {
  return api.op(messengerOps.boost, { params: { id: messageId }, body: { key }, handleErrors: true });
}
