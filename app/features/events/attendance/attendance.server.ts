/**
 * Event attendance in the web tier (issue 29 item 1, ADR 100): the section's data for the event page, the attendees
 * page `events/{category}/{slug}/attendees`, and the one action route `events/{category}/{slug}/attendance` every
 * attendance button posts to (plain forms; it redirects back to the page the form names). Every rule is the API's.
 */
import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import {
  ATTENDANCE_CHOICES,
  ATTENDANCE_DECISIONS,
  ATTENDANCE_ERRORS,
  ATTENDEE_LISTS,
  ATTENDEES_MAX_PAGE,
  type AttendeeList,
} from "#server/contract/events-attendance";
import { createApiClient } from "~/api/client.server";
import { chooseAttendance, decideAttendance, fetchAttendanceView, fetchAttendees } from "~/api/events-attendance.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, returnPathOf } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export function langOf(params: LoaderFunctionArgs["params"]): Language {
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
}

/** An event's page after the language (the shape every link to an event takes). */
export const eventPath = (category: string, slug: string) => `events/${category}/${slug}`;

/** The attendance section's refusals the page can name: the API's keys, carried back by their last word. */
const SHOWN_ERRORS = Object.values(ATTENDANCE_ERRORS).map((key) => key.split(".").at(-1)!);
const DONE = [...ATTENDANCE_CHOICES, ...ATTENDANCE_DECISIONS] as const;
type Done = (typeof DONE)[number];

/** What the last post said, read from the address it redirected to (`?attendance=…` or `?attendance_error=…`). */
export function attendanceOutcome(request: Request): { done: Done | null; error: string | null } {
  const search = new URL(request.url).searchParams;
  const done = search.get("attendance");
  const error = search.get("attendance_error");
  return {
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
    error: error && SHOWN_ERRORS.includes(error) ? `exception.events_attendance.${error}` : null,
  };
}

/**
 * The attendance section's data for the event page (its loader calls this beside its own): the viewer's state, the
 * organizer's requests and the last post's outcome. null when the API does not show this viewer the event.
 */
export async function attendanceSectionData({ request, context }: { request: Request; context: AppLoadContext }, slug: string) {
  const view = await fetchAttendanceView(createApiClient({ request, context }), slug);
  if (!view.ok) return null;
  return { view: view.data, outcome: attendanceOutcome(request) };
}
export type AttendanceSectionData = NonNullable<Awaited<ReturnType<typeof attendanceSectionData>>>;

// --- events/{category}/{slug}/attendees ----------------------------------------------------------------------

const attendeesSearchSchema = v.object({
  list: v.fallback(v.picklist(ATTENDEE_LISTS), "attendees"),
  page: v.fallback(v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/), v.transform(Number), v.maxValue(ATTENDEES_MAX_PAGE)), 1),
});

export async function loadAttendeesPage({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const slug = params.slug ?? "";
  const api = createApiClient({ request, context });
  const view = await fetchAttendanceView(api, slug);
  if (!view.ok || view.data.category !== params.category) throw await notFoundResponse(request);
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const query = v.parse(attendeesSearchSchema, { list: search.list, page: search.page });
  // The requests are the organizer's list: anyone else sees the attendees.
  const list: AttendeeList = view.data.role === "organizer" ? query.list : "attendees";
  const page = await fetchAttendees(api, slug, list, query.page);
  if (!page.ok) throw await notFoundResponse(request);
  const t = await i18nServer.getFixedT(request);
  return {
    title: t("events_attendance.attendees.meta", { title: view.data.title }),
    lang,
    view: view.data,
    page: page.data,
    outcome: attendanceOutcome(request),
  };
}

// --- the action route: events/{category}/{slug}/attendance ---------------------------------------------------

/** A member's choice (intent choose) or the organizer's decision on one member (intent decide); `r` names the page to return to. */
const attendanceFormSchema = intentVariant({
  choose: v.object({ attendance: v.picklist(ATTENDANCE_CHOICES, "validation.events_attendance.choice") }),
  decide: v.object({
    username: v.pipe(v.string(ATTENDANCE_ERRORS.attendeeNotFound), v.regex(/^[A-Za-z0-9_.-]{1,64}$/, ATTENDANCE_ERRORS.attendeeNotFound)),
    decision: v.picklist(ATTENDANCE_DECISIONS, "validation.events_attendance.decision"),
  }),
});

/** The key's last word when it is one the section shows; any other refusal reads as "not possible now". */
function errorCodeOf(key: string | undefined): string {
  const code = key?.startsWith("exception.events_attendance.") ? key.split(".").at(-1)! : "";
  return SHOWN_ERRORS.includes(code) ? code : "not_waiting";
}

export async function submitAttendance({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const slug = params.slug ?? "";
  const submission = await parseForm(request, attendanceFormSchema);
  const back = returnPathOf(submission, lang) ?? localePath(lang, eventPath(params.category ?? "", slug));
  const to = (query: string) => {
    const url = new URL(back, "http://web.invalid");
    url.searchParams.delete("attendance");
    url.searchParams.delete("attendance_error");
    for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
    return redirect(`${url.pathname}${url.search}#attendance`, { headers: privateAnswer() });
  };
  // A hand-made post (no or odd intent, choice or name): the section says the action was not possible.
  if (submission.status !== "success") throw to("attendance_error=not_waiting");
  const api = createApiClient({ request, context });
  const form = submission.value;
  const result =
    form.intent === "choose"
      ? await chooseAttendance(api, slug, form.attendance)
      : await decideAttendance(api, slug, form.username, form.decision);
  if (!result.ok) {
    if (result.status === 404 && result.errors[0]?.key === ATTENDANCE_ERRORS.notFound) throw await notFoundResponse(request);
    throw to(`attendance_error=${errorCodeOf(result.errors[0]?.key)}`);
  }
  throw to(`attendance=${form.intent === "choose" ? form.attendance : form.decision}`);
}

/** A GET of the action's address (a reload after a post, a shared link): the event page. */
export function attendanceRouteLoader({ params }: LoaderFunctionArgs) {
  return redirect(localePath(langOf(params), eventPath(params.category ?? "", params.slug ?? "")), { headers: PRIVATE_HEADERS });
}
