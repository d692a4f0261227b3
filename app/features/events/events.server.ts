/**
 * Events in the web tier (issue 29 items 1, 6, 7; ADR 099): events/add, events/{category}/{slug} (guests see it),
 * events/{category}/{slug}/edit, my_events and the back office's events queue. Plain forms that post to their own
 * page and redirect; every rule is the API's.
 */
import { loadStaffQueue } from "~/features/backoffice/staff-queue.server";
import { eventSectionsData } from "./attendance/sections.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import {
  eventInputSchema,
  eventPaths,
  eventRejectSchema,
  EVENT_ERRORS,
  isEventCategory,
  MY_EVENTS_FILTERS,
  type MyEventsFilter,
} from "#server/contract/events";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { pageQueryParam } from "#server/contract/paging";
import { parseRowId } from "#server/contract/row-id";
import { createApiClient } from "~/api/client.server";
import {
  cancelEvent,
  decideEvent,
  fetchEvent,
  fetchEventCoverChoices,
  fetchEventQueue,
  fetchMyEvents,
  saveEvent,
  type EventDetailData,
} from "~/api/events.server";
import { fileReport } from "~/api/reports.server";
import { loadViewer, requireViewer } from "~/api/viewer.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { reportFormEntries } from "~/features/reports/report-form";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { publicOrigin, PRIVATE_HEADERS } from "~/utils/seo";
import { eventJsonLd } from "./event-json-ld";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

function refuse<T>(status: number, lastResult: T) {
  return data({ lastResult }, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

/** The event an address names, for this viewer (an unknown category, a hidden event: the site's 404). */
async function eventOrNotFound(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  if (!isEventCategory(params.category) || !params.slug) throw await notFoundResponse(request);
  const result = await fetchEvent(createApiClient({ request, context }), params.category, params.slug);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    unavailable(result.status);
  }
  return result.data;
}

/** The description's first sentences for search results (at most 160 characters, cut at a word). */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= 160) return flat;
  return `${flat.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

// --- events/add and events/{category}/{slug}/edit ---------------------------------------------------------------

/** The form's page: the cover choices, and the event when it is an edit (null: a new one). */
async function loadForm(args: LoaderFunctionArgs, event: EventDetailData | null) {
  const { request, context, params } = args;
  const lang = langOf(params);
  const t = await i18nServer.getFixedT(request);
  const title = event ? t("event.form.title_edit", { ns: "event" }) : t("event.form.title_new", { ns: "event" });
  const covers = await fetchEventCoverChoices(createApiClient({ request, context }));
  if (!covers.ok) {
    // Staff accounts organize nothing: the page says who can.
    if (covers.status === 403) return data({ kind: "not_organizer" as const, title, lang }, { headers: PRIVATE_HEADERS });
    unavailable(covers.status);
  }
  return data({ kind: "form" as const, title, lang, event, covers: covers.data.items }, { headers: PRIVATE_HEADERS });
}

export async function loadEventAdd(args: LoaderFunctionArgs) {
  await requireViewer(args.request, args.context);
  return loadForm(args, null);
}

export async function loadEventEdit(args: LoaderFunctionArgs) {
  await requireViewer(args.request, args.context);
  const event = await eventOrNotFound(args.request, args.context, args.params);
  // Only the organizer edits; anyone else finds no such page.
  if (!event.viewer.isOrganizer) throw await notFoundResponse(args.request);
  return loadForm(args, event);
}

/** Saves the whole event (a new one, or the one the address names) and opens its page, which shows its status. */
async function submitForm({ request, context, params }: ActionFunctionArgs, id: number | null) {
  const lang = langOf(params);
  const submission = await parseForm(request, eventInputSchema, { lineBreaks: true });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const result = await saveEvent(createApiClient({ request, context }), id, submission.value);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return refuse(result.status, replyWithApiErrors(submission, result.errors));
  }
  const saved = result.data;
  throw redirect(`${eventPaths.detail(lang, saved.category, saved.slug)}?done=${id === null ? "created" : "saved"}`, {
    headers: PRIVATE_HEADERS,
  });
}

export async function submitEventAdd(args: ActionFunctionArgs) {
  await requireViewer(args.request, args.context);
  return submitForm(args, null);
}

export async function submitEventEdit(args: ActionFunctionArgs) {
  await requireViewer(args.request, args.context);
  const event = await eventOrNotFound(args.request, args.context, args.params);
  if (!event.viewer.isOrganizer) throw await notFoundResponse(args.request);
  return submitForm(args, event.id);
}

// --- events/{category}/{slug} ------------------------------------------------------------------------------------

const EVENT_DONE = ["created", "saved", "reported"] as const;
type EventDone = (typeof EVENT_DONE)[number];

/** The detail page: guests see accepted and cancelled events; the organizer also their pending or rejected one. */
export async function loadEventPage({ request, context, params }: LoaderFunctionArgs) {
  const lang = langOf(params);
  const [event, viewer] = await Promise.all([eventOrNotFound(request, context, params), loadViewer(request, context)]);
  // Attendance and reviews (ADR 100): null while the event takes neither (waiting for the team, rejected).
  const sections = await eventSectionsData({ request, context }, event.slug);
  const done = new URL(request.url).searchParams.get("done");
  // Only what everyone may see is indexed; the organizer's view of a waiting event is theirs.
  const indexable = event.statusName === "accepted" || event.statusName === "cancelled";
  const path = eventPaths.detail(lang, event.category, event.slug);
  return data(
    {
      lang,
      title: `${event.title} · ${event.place.cityName}`,
      description: snippet(event.description),
      indexable,
      event,
      sections,
      signedIn: viewer !== null,
      jsonLd: indexable ? eventJsonLd(event, publicOrigin(), path, lang) : null,
      done: (EVENT_DONE as readonly string[]).includes(done ?? "") ? (done as EventDone) : null,
    },
    { headers: indexable ? publicPageHeaders(request) : PRIVATE_HEADERS },
  );
}

const eventPageFormSchema = intentVariant({
  report: v.object({ ...reportFormEntries }),
  // A review on the page (ADR 123: kind event_review); the API decides whether the reporter may see it.
  report_review: v.object({ review_id: rowIdField("exception.reports.object_not_found"), ...reportFormEntries }),
});

/** The detail page's form: the report of the event (members; the API decides whether they may see it). */
export async function submitEventPage({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const event = await eventOrNotFound(request, context, params);
  const submission = await parseForm(request, eventPageFormSchema, { lineBreaks: true });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const form = submission.value;
  const result = await fileReport(createApiClient({ request, context }), {
    ...(form.intent === "report_review" ? { kind: "event_review", object_id: form.review_id } : { kind: "event", object_id: event.id }),
    type: form.type,
    text: form.text,
    good_faith: form.good_faith,
  });
  if (!result.ok) return refuse(result.status, replyWithApiErrors(submission, result.errors));
  throw redirect(`${eventPaths.detail(lang, event.category, event.slug)}?done=reported`, { headers: PRIVATE_HEADERS });
}

// --- my_events ---------------------------------------------------------------------------------------------------

const isFilter = (value: string | null): value is MyEventsFilter => (MY_EVENTS_FILTERS as readonly string[]).includes(value ?? "");

/** my_events: the organizer's events under a filter; `?cancel={id}` asks to confirm that event's cancellation. */
export async function loadMyEvents({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const url = new URL(request.url);
  const asked = url.searchParams.get("filter");
  const filter: MyEventsFilter = isFilter(asked) ? asked : "all";
  const page = v.safeParse(pageQueryParam, url.searchParams.get("page") ?? undefined);
  const list = await fetchMyEvents(createApiClient({ request, context }), filter, page.success ? page.output : 1);
  if (!list.ok) unavailable(list.status);
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("event.mine.title", { ns: "event" }),
      lang,
      list: list.data,
      confirmCancel: parseRowId(url.searchParams.get("cancel")),
      done: done === "cancelled" ? ("cancelled" as const) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

const cancelSchema = v.object({ intent: v.literal("cancel"), id: rowIdField(EVENT_ERRORS.notFound) });

/** The confirmed cancellation (the confirmation is my_events?cancel={id}): every attendee is told by the API. */
export async function submitMyEvents({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, cancelSchema);
  if (submission.status !== "success") return refuse(400, submission.reply());
  const result = await cancelEvent(createApiClient({ request, context }), submission.value.id);
  if (!result.ok) return refuse(result.status, replyWithApiErrors(submission, result.errors));
  throw redirect(`${eventPaths.mine(lang, "cancelled")}&done=cancelled`, { headers: PRIVATE_HEADERS });
}

// --- backoffice/events -------------------------------------------------------------------------------------------

export const loadEventQueue = (args: LoaderFunctionArgs) =>
  loadStaffQueue(args, {
    permission: "queues.decide",
    fetch: fetchEventQueue,
    title: { key: "event.backoffice.title", ns: "event" },
    done: ["accepted", "rejected"] as const,
    queue: "events",
  });

const decisionSchema = intentVariant({
  accept: v.object({ id: rowIdField(EVENT_ERRORS.notFound) }),
  reject: v.object({ id: rowIdField(EVENT_ERRORS.notFound), reason: eventRejectSchema.entries.reason }),
});

export async function submitEventDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return refuse(400, submission.reply());
  const form = submission.value;
  const result = await decideEvent(createApiClient({ request, context }), form.id, form.intent === "reject" ? form.reason : null);
  if (!result.ok) return refuse(result.status, replyWithApiErrors(submission, result.errors));
  throw redirect(`${eventPaths.backoffice(lang)}?done=${form.intent === "accept" ? "accepted" : "rejected"}`, { headers: PRIVATE_HEADERS });
}
