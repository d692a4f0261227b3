/**
 * The messenger's JSON endpoints for the live page (issue 12 item 2; ADR 042/043 "Client", ADR 052): the resync
 * after a (re)connect or a gap, the read mark for messages the socket brought, and the composer's send. The plain
 * pages and forms stay as they are; these answer only the browser's fetches, through the same API calls.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGE_UPLOAD_MAX_BODY_BYTES, MESSENGER_CONVERSATION_PAGE_SIZE } from "#server/contract/messenger";
import { ROW_ID_OR_ZERO_PATTERN, ROW_ID_PATTERN } from "#server/contract/row-id";
import { isValidProfileUsername } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import { clientKeyOf, fetchConversation, fetchConversationAfter, runThreadAction, sendPhotosResult } from "~/api/messenger.server";
import { requireViewer } from "~/api/viewer.server";
import { messageOf } from "~/utils/api-errors";
import { PRIVATE_HEADERS } from "~/utils/seo";
import type { LiveResync, LiveSendAnswer } from "./live/wire";

const answer = <T>(body: T, status = 200) => Response.json(body, { status, headers: PRIVATE_HEADERS });

/** GET …/live?after={id}: the messages after the client's cursor, oldest first; reading them marks the thread read. */
export async function loadLive({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const username = params.username ?? "";
  const after = new URL(request.url).searchParams.get("after") ?? "";
  if (!isValidProfileUsername(username)) return new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  if (!ROW_ID_OR_ZERO_PATTERN.test(after)) return new Response(null, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  // Nothing held yet (a conversation opened empty): the newest page is what the member would see on a reload.
  const result = after === "0" ? await fetchConversation(api, username, null) : await fetchConversationAfter(api, username, Number(after));
  if (!result.ok) return new Response(null, { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS });
  const { threadId, unreadCount, messages } = result.data;
  // The member has the conversation open: what arrived is read (the other member's ticks, the header's count).
  if (threadId !== null && unreadCount > 0) await runThreadAction(api, threadId, "read");
  return answer<LiveResync>({ messages, more: messages.length >= MESSENGER_CONVERSATION_PAGE_SIZE });
}

/**
 * POST …/live?read={thread id}&up_to={message id}: the open conversation took a message from its socket (ADR 052)
 * and marks the thread read up to it (a message committed meanwhile whose event is still on its way stays unread);
 * the API checks that the thread is the member's own.
 */
async function readLive({ request, context }: ActionFunctionArgs, rawThreadId: string, rawUpTo: string | null) {
  if (!ROW_ID_PATTERN.test(rawThreadId) || (rawUpTo !== null && !ROW_ID_PATTERN.test(rawUpTo)))
    return new Response(null, { status: 400, headers: PRIVATE_HEADERS });
  const upTo = rawUpTo === null ? undefined : Number(rawUpTo);
  const result = await runThreadAction(createApiClient({ request, context }), Number(rawThreadId), "read", upTo);
  return new Response(null, { status: result.ok ? 204 : result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS });
}

/** POST …/live: a read mark (?read=) or a send (?key=). */
export async function actLive(args: ActionFunctionArgs) {
  await requireViewer(args.request, args.context);
  const query = new URL(args.request.url).searchParams;
  const read = query.get("read");
  return read === null ? submitLive(args) : readLive(args, read, query.get("up_to"));
}

/**
 * POST …/live?key={client key}: the compose form's multipart body streamed to the API; the stored message or the
 * refusal as JSON. Every try of one message carries the same key (sender.ts), so a retry never stores twice.
 */
async function submitLive({ request, context, params }: ActionFunctionArgs) {
  const username = params.username ?? "";
  if (!isValidProfileUsername(username)) return new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const contentType = request.headers.get("content-type") ?? "";
  const contentLength = request.headers.get("content-length");
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body)
    return answer<LiveSendAnswer>({ ok: false, errors: ["validation.messenger.empty"], upgrade: false }, 400);
  if (Number(contentLength ?? 0) > MESSAGE_UPLOAD_MAX_BODY_BYTES)
    return answer<LiveSendAnswer>({ ok: false, errors: ["validation.image.file_too_large?max=20000000"], upgrade: false }, 413);
  const api = createApiClient({ request, context });
  const result = await sendPhotosResult(
    api,
    username,
    { stream: request.body, contentType, contentLength },
    clientKeyOf(new URL(request.url)),
  );
  if (result.ok) return answer<LiveSendAnswer>({ ok: true, message: result.data.message }, 201);
  return answer<LiveSendAnswer>({ ok: false, errors: result.errors.map(messageOf), upgrade: result.upgrade }, result.status);
}
