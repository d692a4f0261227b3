/**
 * Live streams in the web tier (issue 31, ADR 124). Without JavaScript every step is a plain page and form:
 *
 * - live: browse (a GET form filters category and city; on air as tiles, announced below);
 * - live/start: the start form (now or announced), the creator's own streams with start and stop;
 * - live/{id}: the watch page — the player when the viewer may watch, otherwise what they lack and the one action
 *   (sign in, plus, fans, pay the price once); the chat panel (livechat); for the creator the edit and stop forms
 *   and the browser publisher (livemedia);
 * - live/recordings ("watch recording") and live/recordings/mine (the creator's terms and deletion);
 * - live/recordings/{id}: one recording — a native <video> when the viewer may play it, otherwise the one step that
 *   opens it (sign in, the age check, fans, the price bought once through the ledger) (ADR 130);
 * - p/{username}/live: the profile's live tab (ADR 124: not a spec route).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { checkoutPath } from "#server/contract/checkout-path";
import { liveRecordingPath } from "#server/contract/live-chat";
import { operatorInstantOfWall, operatorWallTimeOf, parseWallTime } from "#server/contract/calendar";
import {
  LIVE_AUDIENCES,
  LIVE_CATEGORIES,
  LIVE_ERRORS,
  LIVE_INGESTS,
  LIVE_PRICE_MAX,
  LIVE_PRICE_MIN,
  LIVE_START_MODES,
  LIVE_TITLE_MAX,
  LIVE_TITLE_MIN,
  liveBrowseQuerySchema,
  liveCreateSchema,
  livePaths,
  liveRecordingFilePath,
  liveRecordingUpdateSchema,
  liveUpdateSchema,
} from "#server/contract/live";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { createApiClient, type ApiFailure } from "~/api/client.server";
import {
  browseLiveStreams,
  buyLiveRecording,
  createLiveStream,
  deleteLiveRecording,
  fetchLiveProfileTab,
  fetchLiveRecording,
  fetchLiveRecordings,
  fetchLiveStream,
  fetchMyLiveStreams,
  payLiveStream,
  rescheduleLiveStream,
  startLiveStream,
  stopLiveStream,
  updateLiveRecording,
  updateLiveStream,
  watchCreator,
} from "~/api/live-streams.server";
import { loadViewer, requireViewer } from "~/api/viewer.server";
import { clearCookie, parseCookies, serializeCookie } from "~/session/session.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { loadLiveChatPanel } from "~/features/live-chat/chat-panel.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

/** An API failure as the page's answer: 404 stays 404, an outage 503, anything else the API's status. */
function failed(failure: ApiFailure): never {
  throw new Response(null, { status: failure.status >= 500 ? 503 : failure.status, headers: PRIVATE_HEADERS });
}

const idParam = (raw: string | undefined): number => {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  return Number(raw);
};

/** A refused post: the form's reply (input kept, errors by field) with 400, or the page's failure for an outage. */
function refused<T, V>(submission: Parameters<typeof replyWithApiErrors<T, V>>[0], failure: ApiFailure) {
  if (failure.status >= 500) failed(failure);
  return data({ lastResult: replyWithApiErrors(submission, failure.errors) }, { status: 400, headers: PRIVATE_HEADERS });
}

// ── Browse ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** live: the GET form's filters (an unknown value is ignored, not an error page), on air and announced. */
export async function loadBrowse({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = v.safeParse(liveBrowseQuerySchema, {
    category: url.searchParams.get("category") ?? undefined,
    city: url.searchParams.get("city") ?? undefined,
  });
  const filters = parsed.success ? parsed.output : {};
  const api = createApiClient({ request, context });
  const [viewer, browse] = await Promise.all([loadViewer(request, context), browseLiveStreams(api, filters)]);
  if (!browse.ok) failed(browse);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("live.browse.title"),
      browse: browse.data,
      filters: { category: filters.category ?? "", city: filters.city ? String(filters.city) : "" },
      categories: LIVE_CATEGORIES,
      signedIn: viewer !== null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

// ── Start ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export async function loadStart({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const mine = await fetchMyLiveStreams(api);
  if (!mine.ok) failed(mine);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("live.start.title"),
      mine: mine.data,
      lang: langOf(params),
      limits: { titleMin: LIVE_TITLE_MIN, titleMax: LIVE_TITLE_MAX, priceMin: LIVE_PRICE_MIN, priceMax: LIVE_PRICE_MAX },
      options: { categories: LIVE_CATEGORIES, audiences: LIVE_AUDIENCES, ingests: LIVE_INGESTS, starts: LIVE_START_MODES },
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** An announced start as the form sends it: the wall time of the operator's zone (a datetime-local) → epoch ms. */
const scheduledWallField = v.pipe(
  v.string(LIVE_ERRORS.scheduledAt),
  v.transform((text) => parseWallTime(text)),
  v.check((wall) => wall !== null, LIVE_ERRORS.scheduledAt),
  v.transform((wall) => operatorInstantOfWall(wall!)),
);

/** The start form: the contract's fields, the announced time as a wall time. */
const startFormSchema = v.object({
  ...liveCreateSchema.entries,
  scheduled_at: v.optional(scheduledWallField),
});

/** The start page's forms: the new stream (a post without an intent), and start or stop in the streams list. */
const startPageSchema = intentVariant(
  {
    create: startFormSchema,
    start_stream: v.object({ stream_id: rowIdField(LIVE_ERRORS.notFound) }),
    stop_stream: v.object({ stream_id: rowIdField(LIVE_ERRORS.notFound) }),
  },
  { fallback: "create" },
);

export async function submitStart({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, startPageSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const form = submission.value;
  if (form.intent !== "create") {
    const answer = form.intent === "start_stream" ? await startLiveStream(api, form.stream_id) : await stopLiveStream(api, form.stream_id);
    if (!answer.ok) return refused(submission, answer);
    const to = form.intent === "start_stream" ? livePaths.watch(form.stream_id) : `${livePaths.start}?done=stopped`;
    throw redirect(localePath(lang, to), { headers: PRIVATE_HEADERS });
  }
  const { intent: _intent, ...fields } = form;
  const answer = await createLiveStream(api, {
    ...fields,
    scheduled_at: fields.start === "schedule" ? (fields.scheduled_at ?? null) : null,
  });
  if (!answer.ok) return refused(submission, answer);
  const to = answer.data.state === "live" ? livePaths.watch(answer.data.id) : `${livePaths.start}?done=scheduled`;
  throw redirect(localePath(lang, to), { headers: PRIVATE_HEADERS });
}

// ── Watch ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const WATCH_DONE = ["paid", "subscribed", "unsubscribed", "saved", "rescheduled"] as const;
type WatchDone = (typeof WATCH_DONE)[number];

/**
 * The watch page's notice after a form post ("paid", "subscribed", …) travels in a short-lived cookie, not in the
 * address: the loader shows it once and clears it, so reloading the page or opening it from the history says nothing
 * (a `?done=paid` in the address repeated itself on every reload). The value names the stream, so a notice never
 * shows on another stream's page.
 */
const WATCH_NOTICE_COOKIE = "live_notice";
const WATCH_NOTICE_MAX_AGE_S = 60;

function watchNoticeCookie(id: number, done: WatchDone): string {
  return serializeCookie(WATCH_NOTICE_COOKIE, `${id}:${done}`, { maxAge: WATCH_NOTICE_MAX_AGE_S });
}

function readWatchNotice(request: Request, id: number): WatchDone | null {
  const [streamId, done] = (parseCookies(request.headers.get("cookie")).get(WATCH_NOTICE_COOKIE) ?? "").split(":");
  return streamId === String(id) && (WATCH_DONE as readonly string[]).includes(done ?? "") ? (done as WatchDone) : null;
}

export async function loadWatch(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  const id = idParam(params.id);
  const lang = langOf(params);
  const api = createApiClient({ request, context });
  const [viewer, answer] = await Promise.all([loadViewer(request, context), fetchLiveStream(api, id)]);
  if (!answer.ok) failed(answer);
  const stream = answer.data;
  const chat = stream.access.watch ? await loadLiveChatPanel(args, id) : null;
  const t = await i18nServer.getFixedT(request);
  const notice = readWatchNotice(request, id);
  const watchPath = localePath(lang, livePaths.watch(id));
  return data(
    {
      title: stream.stream.title,
      description: t("live.watch.meta", { name: stream.stream.creator.displayName }),
      live: stream,
      chat,
      signedIn: viewer !== null,
      own: viewer !== null && viewer.id === stream.stream.creator.userId,
      // The announced start as the reschedule form's datetime-local shows it (the operator's zone, as it was entered).
      scheduledWall: stream.stream.scheduledAt === null ? null : operatorWallTimeOf(stream.stream.scheduledAt),
      done: notice,
      loginPath: localePath(lang, `login?r=${encodeURIComponent(watchPath)}`),
      buyPath: checkoutPath(lang, "dollar", undefined, watchPath),
      plusPath: checkoutPath(lang, "membership"),
      options: { categories: LIVE_CATEGORIES, audiences: LIVE_AUDIENCES },
    },
    // Shown once: the notice's cookie goes with this answer, so a reload (or the back button) does not say "paid" again.
    { headers: notice ? { ...PRIVATE_HEADERS, "Set-Cookie": clearCookie(WATCH_NOTICE_COOKIE) } : PRIVATE_HEADERS },
  );
}

const watchFormSchema = v.variant("intent", [
  v.object({ intent: v.literal("pay") }),
  v.object({ intent: v.literal("subscribe"), username: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ intent: v.literal("unsubscribe"), username: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ intent: v.literal("stop") }),
  v.object({ intent: v.literal("start") }),
  v.object({ intent: v.literal("edit"), ...liveUpdateSchema.entries }),
  v.object({ intent: v.literal("reschedule"), scheduled_at: scheduledWallField }),
]);

export async function submitWatch({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const id = idParam(params.id);
  const lang = langOf(params);
  const submission = await parseForm(request, watchFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const form = submission.value;
  const back = (done: WatchDone | null) =>
    redirect(localePath(lang, livePaths.watch(id)), {
      headers: done ? { ...PRIVATE_HEADERS, "Set-Cookie": watchNoticeCookie(id, done) } : PRIVATE_HEADERS,
    });
  switch (form.intent) {
    case "pay": {
      const paid = await payLiveStream(api, id);
      if (!paid.ok) return refused(submission, paid);
      throw back("paid");
    }
    case "subscribe":
    case "unsubscribe": {
      const answer = await watchCreator(api, form.username, form.intent === "subscribe");
      if (!answer.ok) return refused(submission, answer);
      throw back(form.intent === "subscribe" ? "subscribed" : "unsubscribed");
    }
    case "stop": {
      const answer = await stopLiveStream(api, id);
      if (!answer.ok) return refused(submission, answer);
      throw back(null);
    }
    case "start": {
      const answer = await startLiveStream(api, id);
      if (!answer.ok) return refused(submission, answer);
      throw back(null);
    }
    case "edit": {
      const { intent: _intent, ...body } = form;
      const answer = await updateLiveStream(api, id, body);
      if (!answer.ok) return refused(submission, answer);
      throw back("saved");
    }
    case "reschedule": {
      const answer = await rescheduleLiveStream(api, id, { scheduled_at: form.scheduled_at });
      if (!answer.ok) return refused(submission, answer);
      throw back("rescheduled");
    }
  }
}

// ── Recordings ─────────────────────────────────────────────────────────────────────────────────────────────────────

export async function loadRecordings({ request, context, params }: LoaderFunctionArgs, mine: boolean) {
  const viewer = mine ? await requireViewer(request, context) : await loadViewer(request, context);
  const api = createApiClient({ request, context });
  const list = await fetchLiveRecordings(api, mine);
  if (!list.ok) failed(list);
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      title: t(mine ? "live.recordings.mine_title" : "live.recordings.title"),
      items: list.data.items,
      signedIn: viewer !== null,
      done: done === "saved" || done === "deleted" || done === "bought" ? done : null,
      buyPath: checkoutPath(langOf(params), "dollar", undefined, localePath(langOf(params), livePaths.recordings)),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const recordingFormSchema = v.variant("intent", [
  v.object({
    intent: v.literal("save"),
    recording_id: rowIdField(LIVE_ERRORS.notFound),
    ...liveRecordingUpdateSchema.entries,
  }),
  v.object({ intent: v.literal("delete"), recording_id: rowIdField(LIVE_ERRORS.notFound) }),
  v.object({ intent: v.literal("buy"), recording_id: rowIdField(LIVE_ERRORS.notFound) }),
]);

export async function submitRecording({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, recordingFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const form = submission.value;
  if (form.intent === "buy") {
    const answer = await buyLiveRecording(api, form.recording_id);
    if (!answer.ok) return refused(submission, answer);
    throw redirect(localePath(lang, `${livePaths.recordings}?done=bought`), { headers: PRIVATE_HEADERS });
  }
  if (form.intent === "delete") {
    const answer = await deleteLiveRecording(api, form.recording_id);
    if (!answer.ok) return refused(submission, answer);
    throw redirect(localePath(lang, `${livePaths.myRecordings}?done=deleted`), { headers: PRIVATE_HEADERS });
  }
  const answer = await updateLiveRecording(api, form.recording_id, {
    visibility: form.visibility,
    price: form.price,
    fans_only: form.fans_only,
  });
  if (!answer.ok) return refused(submission, answer);
  throw redirect(localePath(lang, `${livePaths.myRecordings}?done=saved`), { headers: PRIVATE_HEADERS });
}

/** live/recordings/{id}: the recording, its video address when the viewer may play it, the buy form's return. */
export async function loadRecordingPage({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const lang = langOf(params);
  const api = createApiClient({ request, context });
  const [viewer, answer] = await Promise.all([loadViewer(request, context), fetchLiveRecording(api, id)]);
  if (!answer.ok) failed(answer);
  const { recording, grant } = answer.data;
  const t = await i18nServer.getFixedT(request);
  const pagePath = localePath(lang, liveRecordingPath(id));
  return data(
    {
      title: recording.title,
      description: t("live.recording.meta", { name: recording.creator.displayName }),
      recording,
      video: grant ? liveRecordingFilePath(id, grant) : null,
      signedIn: viewer !== null,
      done: new URL(request.url).searchParams.get("done") === "bought" ? ("bought" as const) : null,
      loginPath: localePath(lang, `login?r=${encodeURIComponent(pagePath)}`),
      buyPath: checkoutPath(lang, "dollar", undefined, pagePath),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The recording page's one form: buying a priced recording (the same purchase as the list's). */
export async function submitRecordingPage({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const id = idParam(params.id);
  const submission = await parseForm(request, v.object({ intent: v.literal("buy") }));
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const answer = await buyLiveRecording(createApiClient({ request, context }), id);
  if (!answer.ok) return refused(submission, answer);
  throw redirect(localePath(langOf(params), `${liveRecordingPath(id)}?done=bought`), { headers: PRIVATE_HEADERS });
}

// ── The profile's live tab ─────────────────────────────────────────────────────────────────────────────────────────

/** p/{username}/live: the layout answers unknown and hidden profiles; a profile that is no creator has no tab. */
export async function loadProfileLiveTab({ request, context, params }: LoaderFunctionArgs) {
  const api = createApiClient({ request, context });
  const tab = await fetchLiveProfileTab(api, params.username ?? "");
  return data({ tab: tab.ok ? tab.data : null }, { headers: PRIVATE_HEADERS });
}

/** The tab's subscribe form posts here, then comes back to the tab. */
export async function submitProfileLiveTab({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const schema = v.object({ intent: v.picklist(["subscribe", "unsubscribe"], "validation.invalid") });
  const submission = await parseForm(request, schema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const answer = await watchCreator(api, params.username ?? "", submission.value.intent === "subscribe");
  if (!answer.ok) return refused(submission, answer);
  throw redirect(localePath(lang, livePaths.profileTab(params.username ?? "")), { headers: PRIVATE_HEADERS });
}
