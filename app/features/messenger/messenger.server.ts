/**
 * messenger and messenger/{username} (issue 12, ADR 043): the thread list with its folders and the conversation with
 * its compose form, thread actions and report form. Plain forms: the compose form is multipart (text and up to 4
 * photos) and streams through to the API unread; every other form is a small urlencoded post with an intent.
 * POST → redirect → GET; a refusal renders the page again with the reason (and the upgrade prompt where plus lifts it).
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import busboy from "busboy";
import * as v from "valibot";
import type { ErrorItem } from "#server/contract/errors";
import { IMAGE_MAX_BYTES } from "#server/contract/media-upload";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import {
  BLOCKING_STATES,
  CLIENT_KEY_PATTERN,
  MESSAGE_BODY_MAX,
  MESSAGE_UPLOAD_MAX_BODY_BYTES,
  MESSENGER_AUTOCOMPLETE_MIN,
  MESSENGER_ERRORS,
  sendMessageSchema,
  THREAD_ACTIONS,
  THREAD_FOLDERS,
  type ThreadAction,
  type ThreadFolder,
} from "#server/contract/messenger";
import { isValidProfileUsername } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import {
  boostMessage,
  clientKeyOf,
  fetchAutocomplete,
  fetchContactLimit,
  fetchConversation,
  fetchMediums,
  fetchThreads,
  runThreadAction,
  sendNoThanks,
  sendPhotos,
  sendPhotosResult,
  sendWithUnlock,
  type ConversationData,
} from "~/api/messenger.server";
import { fileReport } from "~/api/reports.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { reportFormEntries } from "~/features/reports/report-form";
import { warnedFor } from "~/features/warnings/warnings.server";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors, streamedReply } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import type { Camelize } from "~/api/camelize";
import type { MessengerAutocomplete } from "#server/contract/messenger";
import { parseRowId, ROW_ID_PATTERN } from "#server/contract/row-id";
import { errorsBesides, inputText, readReply } from "~/components/form/reply";
import { DATE_RECEIVER_TYPES, DATE_SENDER_TYPES } from "#server/contract/date-users";
import { moneyKeySchema } from "#server/contract/wallet";

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

/** A thread action's button (hide, restore, delete, read, unread, accept, decline): the thread and the folder it was in. */
const threadButton = v.object({ thread_id: rowIdField(MESSENGER_ERRORS.threadNotFound), folder: v.optional(v.string(), "") });
const threadsFormSchema = intentVariant(
  Object.fromEntries(THREAD_ACTIONS.map((action) => [action, threadButton])) as Record<ThreadAction, typeof threadButton>,
);

/** A thread action from the list (hide, restore, delete, read, unread, accept, decline). */
export async function submitThreads({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const submission = await parseForm(request, threadsFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: privateAnswer() });
  const { intent, thread_id, folder } = submission.value;
  const result = await runThreadAction(createApiClient({ request, context }), thread_id, intent);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
    );
  // A restored or accepted thread is in the inbox now: show it there.
  const target = intent === "restore" || intent === "accept" ? "inbox" : (folderOf(folder) ?? "inbox");
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
  // boost: the confirmation of boosting one of the member's own messages (ADR 083).
  const known = new Set(["before", "done", "view", "report", "key", "boost"]);
  const rawBefore = url.searchParams.get("before");
  const rawReport = url.searchParams.get("report");
  const rawBoost = url.searchParams.get("boost");
  const view = url.searchParams.get("view");
  if (
    [...url.searchParams.keys()].some((key) => !known.has(key)) ||
    (rawBefore !== null && !ROW_ID_PATTERN.test(rawBefore)) ||
    (rawReport !== null && !ROW_ID_PATTERN.test(rawReport)) ||
    (rawBoost !== null && !ROW_ID_PATTERN.test(rawBoost)) ||
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
  const partner = conversation.data.partner;
  const warned = await warnedFor(api, { id: partner.userId, userType: partner.userType });
  // Where a first message is possible, the compose area says how many first contacts are left today (issue 32 item 8).
  const canSend = conversation.data.canSend;
  const limit = canSend?.firstContact && canSend.outcome === "success" ? await fetchContactLimit(api) : null;
  const t = await i18nServer.getFixedT(request);
  const name = partner.displayName || t("messenger.deleted_member");
  // A client may ask an escort or a house for a date (ADR 046): the link is built here, so the page carries no rule.
  const dateLink =
    partner.username !== "" &&
    !(BLOCKING_STATES as readonly string[]).includes(conversation.data.state) &&
    DATE_SENDER_TYPES.includes(viewer.profile.userType) &&
    DATE_RECEIVER_TYPES.includes(partner.userType);
  return data(
    {
      title: t("messenger.conversation_title", { name }),
      viewerId: viewer.id,
      conversation: conversation.data,
      before: rawBefore ? Number(rawBefore) : null,
      done: doneOf(url.searchParams.get("done")),
      mediums: mediums?.ok ? mediums.data.items : null,
      reportId: rawReport ? Number(rawReport) : null,
      boostId: rawBoost ? Number(rawBoost) : null,
      // The compose form's idempotency key (ADR 048), new with every render: a double submit posts it twice and
      // the API stores one message; after a send the redirect renders the page, and so a new key, again.
      sendKey: randomUUID(),
      // The boost confirmation's money key (contract/wallet moneyKeySchema), new with every render as well.
      boostKey: randomUUID(),
      warned,
      contactLimit: limit?.ok ? limit.data : null,
      dateLink,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The keys a refusal keeps (the rest become 400, a server fault 503). */
const KEPT = new Set([400, 402, 403, 404, 409, 413, 429]);
const statusOf = (status: number) => (KEPT.has(status) ? status : status >= 500 ? 503 : 400);

/**
 * A refused post as the conversation page shows it, read from the reply here (ADR 174: the page carries no reply
 * reading): which form was sent, the errors at the page's fields and the others above its forms, the text to keep,
 * the message a refused report was about, whether plus would have let the message through, and whether the wallet did
 * not cover a payment (the page links to buying dollars).
 */
export interface ConversationRefusal {
  intent: string | null;
  fieldErrors: Record<string, string[]>;
  otherErrors: string[];
  body: string;
  reportId: number | null;
  upgrade: boolean;
  insufficient: boolean;
}

/** A refused post of the conversation page: the reply (errors, input kept; the error summary reads it) and the refusal. */
function conversationRefused(status: number, lastResult: SubmissionResult<string[]>, upgrade = false) {
  const reply = readReply(lastResult);
  const refusal: ConversationRefusal = {
    intent: reply.intent,
    fieldErrors: reply.fieldErrors,
    otherErrors: errorsBesides(reply, [...CONVERSATION_FIELDS]),
    body: inputText(reply, "body"),
    reportId: reply.intent === "report" ? parseRowId(inputText(reply, "message_id")) : null,
    upgrade,
    insufficient: status === 402,
  };
  return data({ lastResult, refusal, paid: null }, { status: statusOf(status), headers: privateAnswer() });
}

/** What a paid post of the page did (ADR 083): the page shows the price paid and the balance after it. */
export interface ConversationPaid {
  what: "unlock" | "boost" | "already_boosted";
  amount: number;
  balance: number | null;
}

/** A payment went through: the page renders with it (a reload posts the same key again, which pays nothing more). */
function conversationPaid(paid: ConversationPaid) {
  return data({ lastResult: null, refusal: null, paid }, { headers: privateAnswer() });
}

/** The conversation page's fields: the compose form's (files.N → files) and the report form's; they show their own errors. */
const CONVERSATION_FIELDS = new Set(["body", "files", "type", "text", "good_faith"]);
const conversationFieldOf = (source: string) => {
  const field = source.startsWith("files") ? "files" : source;
  return CONVERSATION_FIELDS.has(field) ? field : undefined;
};

/**
 * The conversation page's url-encoded forms: a text (the compose form's fields posted as a plain form, by a client or
 * test tool without multipart: the same send through the same route; a post naming no form is this one), no thanks,
 * the report of a message, and the thread actions. The compose form itself is multipart and streamed (below).
 */
const threadAction = v.object({ thread_id: rowIdField(MESSENGER_ERRORS.threadNotFound) });
/** The send's client key, carried by the unlock confirmation (the payment's key is derived from it: ADR 083). */
const clientKeyField = v.pipe(v.string("validation.invalid"), v.regex(CLIENT_KEY_PATTERN, "validation.invalid"));
const conversationFormSchema = intentVariant(
  {
    send: sendMessageSchema,
    /** "Unlock for 5 dollars and send": the text and its client key. */
    unlock: v.object({ ...sendMessageSchema.entries, key: clientKeyField }),
    /** "Boost for 5 dollars": one of the member's own messages and the confirmation's money key. */
    boost: v.object({ message_id: rowIdField(MESSENGER_ERRORS.messageNotFound), key: moneyKeySchema }),
    no_thanks: v.object({}),
    report: v.object({ ...reportFormEntries, message_id: v.optional(rowIdField(MESSENGER_ERRORS.messageNotFound)) }),
    ...(Object.fromEntries(THREAD_ACTIONS.map((action) => [action, threadAction])) as Record<ThreadAction, typeof threadAction>),
  },
  { fallback: "send" },
);

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

  // The compose form: multipart, streamed through unread (the API validates text and photos in one pass).
  if (/^multipart\/form-data\s*;/i.test(contentType)) {
    const contentLength = request.headers.get("content-length");
    const refuse = (status: number, errors: readonly ErrorItem[], body = "", upgrade = false) =>
      conversationRefused(status, streamedReply(errors, conversationFieldOf, { intent: "send", body }), upgrade);
    if (!request.body) return refuse(400, [{ ...errorItem(MESSENGER_ERRORS.empty), source: "body" }]);
    if (Number(contentLength ?? 0) > MESSAGE_UPLOAD_MAX_BODY_BYTES)
      return refuse(413, [{ ...errorItem("validation.image.file_too_large", 413), source: "files", params: { max: IMAGE_MAX_BYTES } }]);
    const [toApi, toPeek] = request.body.tee();
    const typed = peekText(toPeek, contentType);
    const response = await sendPhotos(api, username, { stream: toApi, contentType, contentLength }, clientKeyOf(new URL(request.url)));
    const body = await typed;
    if (response.status === 201) {
      await response.body?.cancel();
      return backToConversation(lang, username, "sent");
    }
    const answer = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[]; upgrade?: boolean };
    return refuse(response.status, answer.errors ?? [], body, answer.upgrade === true);
  }

  const submission = await parseForm(request, conversationFormSchema, { lineBreaks: true });
  if (submission.status !== "success") return conversationRefused(400, submission.reply());
  const form = submission.value;
  const refused = (result: { status: number; errors: ErrorItem[]; upgrade?: boolean }) =>
    conversationRefused(result.status, replyWithApiErrors(submission, result.errors, conversationFieldOf), result.upgrade === true);
  if (form.intent === "send") {
    const multipart = new FormData();
    multipart.set("body", form.body);
    const result = await sendPhotosResult(api, username, multipart, clientKeyOf(new URL(request.url)));
    if (result.ok) return backToConversation(lang, username, "sent");
    return refused(result);
  }
  if (form.intent === "unlock") {
    const result = await sendWithUnlock(api, username, form.body, form.key);
    if (!result.ok) return refused(result);
    const payment = result.data.payment;
    // Within the limit after all (a contact of the day expired meanwhile): sent for free, as a plain send.
    if (!payment) return backToConversation(lang, username, "sent");
    return conversationPaid({ what: "unlock", amount: payment.amount, balance: payment.balance });
  }
  if (form.intent === "boost") {
    const result = await boostMessage(api, form.message_id, form.key);
    if (!result.ok) return refused(result);
    const payment = result.data.payment;
    if (!payment) return conversationPaid({ what: "already_boosted", amount: 0, balance: null });
    return conversationPaid({ what: "boost", amount: payment.amount, balance: payment.balance });
  }
  if (form.intent === "no_thanks") {
    const result = await sendNoThanks(api, username);
    if (!result.ok) return refused(result);
    return backToConversation(lang, username, "no_thanks");
  }
  if (form.intent === "report") {
    const { message_id, type, text, good_faith } = form;
    const result = await fileReport(api, { kind: "message", object_id: message_id, type, text, good_faith });
    if (!result.ok) return refused(result);
    return backToConversation(lang, username, "reported");
  }
  const result = await runThreadAction(api, form.thread_id, form.intent);
  if (!result.ok) return refused(result);
  // Hiding, deleting and declining take the thread out of sight: back to the list, which says what happened.
  if (form.intent === "hide" || form.intent === "delete" || form.intent === "decline" || form.intent === "unread")
    throw redirect(`${localePath(lang, "messenger")}?done=${form.intent}`, { headers: privateAnswer() });
  return backToConversation(lang, username, form.intent);
}

const errorItem = (key: string, code = 400): ErrorItem => ({ code, title: key, message: key, key });

export type { ConversationData };
