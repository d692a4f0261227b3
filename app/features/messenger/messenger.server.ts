/**
 * messenger and messenger/{username} (issue 12, ADR 043): the thread list with its folders and the conversation with
 * its compose form, thread actions and report form. Plain forms: the compose form is multipart (text and up to 4
 * photos) and streams through to the API unread; every other form is a small urlencoded post with an intent.
 * POST → redirect → GET; a refusal renders the page again with the reason (and the upgrade prompt where plus lifts it).
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import busboy from "busboy";
import { DEFAULT_ERROR_KEY, type ErrorItem } from "#server/contract/errors";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import {
  MESSAGE_BODY_MAX,
  MESSAGE_UPLOAD_MAX_BODY_BYTES,
  MESSENGER_AUTOCOMPLETE_MIN,
  THREAD_ACTIONS,
  THREAD_FOLDERS,
  type ThreadAction,
  type ThreadFolder,
} from "#server/contract/messenger";
import { isValidProfileUsername } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import {
  clientKeyOf,
  fetchAutocomplete,
  fetchConversation,
  fetchMediums,
  fetchThreads,
  runThreadAction,
  sendNoThanks,
  sendPhotos,
  sendPhotosResult,
  type ConversationData,
} from "~/api/messenger.server";
import { fileReport } from "~/api/reports.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { apiErrorReply, messageOf } from "~/utils/api-errors";
import { privateAnswer } from "~/utils/cache-headers";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import type { Camelize } from "~/api/camelize";
import type { MessengerAutocomplete } from "#server/contract/messenger";
import { ROW_ID_PATTERN } from "#server/contract/row-id";

const DONE = [...THREAD_ACTIONS, "sent", "no_thanks", "reported"] as const;
export type MessengerDone = (typeof DONE)[number];

function folderOf(raw: string | null): ThreadFolder | null {
  if (raw === null || raw === "") return "inbox";
  return (THREAD_FOLDERS as readonly string[]).includes(raw) ? (raw as ThreadFolder) : null;
}

function doneOf(raw: string | null): MessengerDone | null {
  return raw && (DONE as readonly string[]).includes(raw) ? (raw as MessengerDone) : null;
}

const badRequest = () => new Response(null, { status: 400, headers: PRIVATE_HEADERS });

// --- the thread list -----------------------------------------------------------------------------------------------

export async function loadThreads({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const folder = folderOf(url.searchParams.get("folder"));
  const rawPage = url.searchParams.get("page") ?? "1";
  const known = new Set(["folder", "page", "done", "q"]);
  if (!folder || !/^[1-9]\d{0,3}$/.test(rawPage) || [...url.searchParams.keys()].some((key) => !known.has(key))) throw badRequest();
  const api = createApiClient({ request, context });
  const list = await fetchThreads(api, folder, Number(rawPage));
  if (!list.ok) throw new Response(null, { status: list.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS });
  // The "new message" field: a GET form whose answer is the names the member may write to.
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  let matches: Camelize<MessengerAutocomplete>["items"] = [];
  if (q.length >= MESSENGER_AUTOCOMPLETE_MIN) {
    const found = await fetchAutocomplete(api, q);
    if (found.ok) matches = found.data.items;
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("messenger.title"), viewerId: viewer.id, list: list.data, done: doneOf(url.searchParams.get("done")), q, matches },
    { headers: PRIVATE_HEADERS },
  );
}

export interface ThreadsRefused {
  threadId: number | null;
  formErrors: string[];
}

/** A thread action from the list (hide, restore, delete, read, unread, accept, decline). */
export async function submitThreads({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("thread_id") ?? "");
  const folder = folderOf(String(form.get("folder") ?? "")) ?? "inbox";
  const threadId = ROW_ID_PATTERN.test(rawId) ? Number(rawId) : null;
  const refuse = (status: number, formErrors: string[]) =>
    data<ThreadsRefused>({ threadId, formErrors }, { status, headers: privateAnswer() });
  if (!(THREAD_ACTIONS as readonly string[]).includes(intent)) return refuse(400, ["validation.correct_all_fields"]);
  if (threadId === null) return refuse(404, ["exception.messenger.thread_not_found"]);
  const result = await runThreadAction(createApiClient({ request, context }), threadId, intent as ThreadAction);
  if (!result.ok) return refuse(result.status >= 500 ? 503 : result.status, result.errors.map(messageOf));
  // A restored or accepted thread is in the inbox now: show it there.
  const target = intent === "restore" || intent === "accept" ? "inbox" : folder;
  const next = new URLSearchParams({ ...(target === "inbox" ? {} : { folder: target }), done: intent });
  throw redirect(`${localePath(lang, "messenger")}?${next.toString()}`, { headers: privateAnswer() });
}

// --- a conversation ------------------------------------------------------------------------------------------------

export async function loadConversation({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const username = params.username ?? "";
  if (!isValidProfileUsername(username)) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const url = new URL(request.url);
  // key: the compose form posts to this address with its client key; a refused send renders the page there.
  const known = new Set(["before", "done", "view", "report", "key"]);
  const rawBefore = url.searchParams.get("before");
  const rawReport = url.searchParams.get("report");
  const view = url.searchParams.get("view");
  if (
    [...url.searchParams.keys()].some((key) => !known.has(key)) ||
    (rawBefore !== null && !ROW_ID_PATTERN.test(rawBefore)) ||
    (rawReport !== null && !ROW_ID_PATTERN.test(rawReport)) ||
    (view !== null && view !== "photos")
  )
    throw badRequest();
  const api = createApiClient({ request, context });
  let conversation = await fetchConversation(api, username, rawBefore ? Number(rawBefore) : null);
  if (!conversation.ok)
    throw new Response(null, {
      status: conversation.status === 404 ? 404 : conversation.status >= 500 ? 503 : 400,
      headers: PRIVATE_HEADERS,
    });
  // Opening the newest page reads the thread (the other member's read ticks; the header's count).
  if (!rawBefore && conversation.data.threadId !== null && conversation.data.unreadCount > 0) {
    await runThreadAction(api, conversation.data.threadId, "read");
    conversation = { ...conversation, data: { ...conversation.data, unreadCount: 0 } };
  }
  const mediums = view === "photos" && conversation.data.threadId !== null ? await fetchMediums(api, conversation.data.threadId) : null;
  const t = await i18nServer.getFixedT(request);
  const name = conversation.data.partner.displayName || t("messenger.deleted_member");
  return data(
    {
      title: t("messenger.conversation_title", { name }),
      viewerId: viewer.id,
      conversation: conversation.data,
      before: rawBefore ? Number(rawBefore) : null,
      done: doneOf(url.searchParams.get("done")),
      mediums: mediums?.ok ? mediums.data.items : null,
      reportId: rawReport ? Number(rawReport) : null,
      // The compose form's idempotency key (ADR 048), new with every render: a double submit posts it twice and
      // the API stores one message; after a send the redirect renders the page, and so a new key, again.
      sendKey: randomUUID(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export interface ConversationRefused {
  intent: string;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  /** The refusal's send outcome (upgrade prompt). */
  outcome: string | null;
  upgrade: boolean;
  /** The text the member typed, kept. */
  body: string;
  reportId: number | null;
}

/** The keys a refusal keeps (the rest become 400, a server fault 503). */
const KEPT = new Set([400, 403, 404, 409, 413, 429]);
const statusOf = (status: number) => (KEPT.has(status) ? status : status >= 500 ? 503 : 400);

function conversationRefused(status: number, refusal: Partial<ConversationRefused> & { intent: string }) {
  const body: ConversationRefused = {
    formErrors: [],
    fieldErrors: {},
    outcome: null,
    upgrade: false,
    body: "",
    reportId: null,
    ...refusal,
  };
  return data(body, { status: statusOf(status), headers: privateAnswer() });
}

/** The conversation page's fields: the compose form's (files.N → files) and the report form's. */
const CONVERSATION_FIELDS = new Set(["body", "files", "type", "text", "good_faith"]);
const conversationFieldOf = (source: string) => {
  const field = source.startsWith("files") ? "files" : source;
  return CONVERSATION_FIELDS.has(field) ? field : undefined;
};
const split = (errors: readonly ErrorItem[]) => apiErrorReply(errors, conversationFieldOf);

/**
 * The text field of the compose form, read from a copy of the body while the original streams to the API: the
 * form puts the text before the files, so reading stops at the first file part (nothing of the photos is held).
 */
function peekText(stream: ReadableStream<Uint8Array>, contentType: string): Promise<string> {
  return new Promise((resolve) => {
    let settled = false;
    const node = Readable.fromWeb(stream as Parameters<typeof Readable.fromWeb>[0]);
    const finish = (value: string) => {
      if (settled) return;
      settled = true;
      resolve(value.slice(0, MESSAGE_BODY_MAX * 2));
      node.destroy();
    };
    node.on("error", () => finish(""));
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { fieldSize: 16 * 1024 } });
    } catch {
      finish("");
      return;
    }
    parser.on("field", (name: string, value: string) => {
      if (name === "body") finish(value);
    });
    parser.on("file", (_name: string, file: NodeJS.ReadableStream) => {
      file.resume();
      finish("");
    });
    parser.on("close", () => finish(""));
    parser.on("error", () => finish(""));
    node.pipe(parser);
  });
}

function backToConversation(lang: Language, username: string, done: MessengerDone) {
  throw redirect(`${localePath(lang, `messenger/${encodeURIComponent(username)}`)}?done=${done}#compose`, { headers: privateAnswer() });
}

export async function submitConversation({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const username = params.username ?? "";
  if (!isValidProfileUsername(username)) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const contentType = request.headers.get("content-type") ?? "";

  // The compose form: multipart, streamed through.
  if (/^multipart\/form-data\s*;/i.test(contentType)) {
    const contentLength = request.headers.get("content-length");
    if (!request.body) return conversationRefused(400, { intent: "send", fieldErrors: { body: ["validation.messenger.empty"] } });
    if (Number(contentLength ?? 0) > MESSAGE_UPLOAD_MAX_BODY_BYTES)
      return conversationRefused(413, { intent: "send", fieldErrors: { files: ["validation.image.file_too_large?max=20000000"] } });
    const [toApi, toPeek] = request.body.tee();
    const typed = peekText(toPeek, contentType);
    const response = await sendPhotos(api, username, { stream: toApi, contentType, contentLength }, clientKeyOf(new URL(request.url)));
    const body = await typed;
    if (response.status === 201) {
      await response.body?.cancel();
      return backToConversation(lang, username, "sent");
    }
    const answer = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[]; outcome?: string; upgrade?: boolean };
    const errors = answer.errors?.length
      ? answer.errors
      : [{ code: response.status, title: DEFAULT_ERROR_KEY, message: DEFAULT_ERROR_KEY, key: DEFAULT_ERROR_KEY }];
    return conversationRefused(response.status, {
      intent: "send",
      ...split(errors),
      outcome: answer.outcome ?? null,
      upgrade: answer.upgrade === true,
      body,
    });
  }

  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  // A text posted as a plain form (a client or test tool without multipart): the same send through the same route.
  if ((intent === "" || intent === "send") && form.has("body")) {
    const body = String(form.get("body"));
    const multipart = new FormData();
    multipart.set("body", body);
    const result = await sendPhotosResult(api, username, multipart, clientKeyOf(new URL(request.url)));
    if (result.ok) return backToConversation(lang, username, "sent");
    return conversationRefused(result.status, {
      intent: "send",
      ...split(result.errors),
      outcome: result.outcome,
      upgrade: result.upgrade,
      body,
    });
  }
  if (intent === "no_thanks") {
    const result = await sendNoThanks(api, username);
    if (!result.ok) return conversationRefused(result.status, { intent, ...split(result.errors) });
    return backToConversation(lang, username, "no_thanks");
  }
  if (intent === "report") {
    const rawId = String(form.get("message_id") ?? "");
    const reportId = ROW_ID_PATTERN.test(rawId) ? Number(rawId) : null;
    const result = await fileReport(api, {
      kind: "message",
      object_id: reportId ?? undefined,
      type: String(form.get("type") ?? ""),
      text: String(form.get("text") ?? "").replace(/\r\n/g, "\n"),
      good_faith: form.get("good_faith") === "on",
    });
    if (!result.ok) return conversationRefused(result.status, { intent, ...split(result.errors), reportId });
    return backToConversation(lang, username, "reported");
  }
  if (!(THREAD_ACTIONS as readonly string[]).includes(intent))
    return conversationRefused(400, { intent, formErrors: ["validation.correct_all_fields"] });
  const rawId = String(form.get("thread_id") ?? "");
  if (!ROW_ID_PATTERN.test(rawId)) return conversationRefused(404, { intent, formErrors: ["exception.messenger.thread_not_found"] });
  const result = await runThreadAction(api, Number(rawId), intent as ThreadAction);
  if (!result.ok) return conversationRefused(result.status, { intent, ...split(result.errors) });
  // Hiding, deleting and declining take the thread out of sight: back to the list, which says what happened.
  if (intent === "hide" || intent === "delete" || intent === "decline" || intent === "unread")
    throw redirect(`${localePath(lang, "messenger")}?done=${intent}`, { headers: privateAnswer() });
  return backToConversation(lang, username, intent as MessengerDone);
}

export type { ConversationData };
