/**
 * The live chat in the web tier (issue 31 item 3, ADR 126). The watch page's loader (the streams part) calls
 * `loadLiveChatPanel` and renders <LiveChatPanel data=…/>; the no-JS chat page `live/{id}/chat` loads the same data.
 * Every form of both posts to the chat page's action (`liveChatAction`): a line, a tip, and the creator's and staff's
 * moderation (remove a line, mute, remove or let back a viewer). A success redirects back to where the form was (the
 * watch page or the chat page, a hidden `back`); a refusal renders the chat page with the error next to its field
 * and the text kept. Every rule is the API's.
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { LIVE_CHAT_ERRORS, liveChatBodySchema, liveChatPagePath, liveWatchPath } from "#server/contract/live-chat";
import { LIVE_VIEWER_SANCTIONS } from "#server/contract/live";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { parseRowId } from "#server/contract/row-id";
import { tipAmountSchema } from "#server/contract/tips";
import { createApiClient } from "~/api/client.server";
import {
  fetchLiveChatRoom,
  postLiveChatLine,
  removeLiveChatLine,
  setLiveViewerSanction,
  tipInLiveChat,
  type LiveChatRoomData,
} from "~/api/live-chat.server";
import { requireViewer } from "~/api/viewer.server";
import { checkboxField, intentVariant, rowIdField } from "~/components/form/schema";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors, sentIntent } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The anchor of the chat on the watch page and the chat page (a redirect lands on it). */
export const LIVE_CHAT_ANCHOR = "live-chat";
/** Where a form came from: its action returns there. */
export const LIVE_CHAT_BACK = ["watch", "chat"] as const;
export type LiveChatBack = (typeof LIVE_CHAT_BACK)[number];

/** What the panel renders: the room as the viewer may use it, and the key of the next tip (a double post pays once). */
export interface LiveChatPanelData {
  streamId: number;
  lang: Language;
  viewerId: number;
  /** Null when the room cannot be shown (the API is away); the watch page still plays. */
  room: LiveChatRoomData | null;
  tipKey: string;
  /** Set after a redirect: the tip that went through (?tipped=N). */
  tipped: number | null;
}

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

/**
 * The watch page's chat panel for a stream (the streams part's loader calls it with its own args): the room, or null
 * when it cannot be read now. A stream the viewer may not see answers 404 on the watch page itself, not here.
 */
export async function loadLiveChatPanel({ request, context, params }: LoaderFunctionArgs, streamId: number): Promise<LiveChatPanelData> {
  const viewer = await requireViewer(request, context);
  const result = await fetchLiveChatRoom(createApiClient({ request, context }), streamId);
  const tipped = Number(new URL(request.url).searchParams.get("tipped"));
  return {
    streamId,
    lang: langOf(params),
    viewerId: viewer.id,
    room: result.ok ? result.data : null,
    tipKey: randomUUID(),
    tipped: Number.isSafeInteger(tipped) && tipped > 0 ? tipped : null,
  };
}

function streamIdOf(params: LoaderFunctionArgs["params"]): number | null {
  return parseRowId(params.id);
}

/** The chat page `live/{id}/chat`: the room (404 for a stream the viewer may not see), newest last. */
export async function loadLiveChatPage(args: LoaderFunctionArgs) {
  const streamId = streamIdOf(args.params);
  if (streamId === null) throw await notFoundResponse(args.request);
  const panel = await loadLiveChatPanel(args, streamId);
  if (panel.room === null) {
    // Tell a missing stream (404) from an API that is away (503).
    const again = await fetchLiveChatRoom(createApiClient({ request: args.request, context: args.context }), streamId);
    if (!again.ok && (again.status === 404 || again.status === 400)) throw await notFoundResponse(args.request);
    if (!again.ok) throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
    panel.room = again.data;
  }
  return data({ panel, title: panel.room.title }, { headers: privateAnswer() });
}

const back = v.optional(v.picklist(LIVE_CHAT_BACK), "chat");
const lineIdField = rowIdField(LIVE_CHAT_ERRORS.lineNotFound);
const memberIdField = rowIdField(LIVE_CHAT_ERRORS.memberNotFound);

/** The chat's forms, told apart by `intent`; the text and amount rules are the contract's. */
const chatFormSchema = intentVariant({
  say: v.object({ body: liveChatBodySchema, back }),
  tip: v.object({ amount: tipAmountSchema, key: v.string(), anonymous: checkboxField, back }),
  remove_line: v.object({ line_id: lineIdField, back }),
  sanction: v.object({ member_id: memberIdField, sanction: v.picklist(LIVE_VIEWER_SANCTIONS, "validation.invalid"), back }),
  lift: v.object({ member_id: memberIdField, back }),
});

/** The fields whose errors the forms show in place (everything else goes above the form). */
export const LIVE_CHAT_FIELDS = { say: ["body"], tip: ["amount"] } as const;

/** Every chat form posts here (`live/{id}/chat`): one call to the API, then back to the form's page, or its errors. */
export async function liveChatAction({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const streamId = streamIdOf(params);
  if (streamId === null) throw await notFoundResponse(request);
  const submission = await parseForm(request, chatFormSchema);
  const refused = (status: number, lastResult: ReturnType<typeof submission.reply>) =>
    data({ lastResult, intent: sentIntent(submission) }, { status, headers: privateAnswer() });
  if (submission.status !== "success") return refused(400, submission.reply());
  const form = submission.value;
  const api = createApiClient({ request, context });
  let tipped: number | null = null;
  let result;
  switch (form.intent) {
    case "say":
      result = await postLiveChatLine(api, streamId, form.body);
      break;
    case "tip": {
      const tip = await tipInLiveChat(api, streamId, { amount: form.amount, key: form.key, anonymous: form.anonymous });
      // Not enough dollars is an answer, not an error of the API: shown at the amount with the way to buy more.
      if (tip.ok && tip.data.tip.status !== "succeeded")
        return refused(409, submission.reply({ fieldErrors: { amount: ["exception.live_chat.tip_insufficient"] } }));
      if (tip.ok) tipped = tip.data.tip.amount;
      result = tip;
      break;
    }
    case "remove_line":
      result = await removeLiveChatLine(api, streamId, form.line_id);
      break;
    case "sanction":
      result = await setLiveViewerSanction(api, streamId, form.member_id, form.sanction);
      break;
    case "lift":
      result = await setLiveViewerSanction(api, streamId, form.member_id, null);
      break;
  }
  if (!result.ok) return refused(result.status >= 500 ? 503 : result.status, replyWithApiErrors(submission, result.errors));
  const path = form.back === "watch" ? liveWatchPath(streamId) : liveChatPagePath(streamId);
  throw redirect(`/${lang}/${path}${tipped ? `?tipped=${tipped}` : ""}#${LIVE_CHAT_ANCHOR}`, { headers: privateAnswer() });
}
