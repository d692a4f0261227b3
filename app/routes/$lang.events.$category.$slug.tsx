/**
 * events/{category}/{slug} (G; spec section 2): one event. A thin adapter over app/features/events. Helper "attend"
 * passes its attendance and reviews sections to EventPage here (props `attendance`, `reviews`).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { EventPage } from "~/features/events/EventPage";
import { loadEventPage, submitEventPage } from "~/features/events/events.server";
import { eventMeta } from "~/features/events/meta";

export const handle = { i18n: ["event", "moderation", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadEventPage(args);

export const action = (args: ActionFunctionArgs) => submitEventPage(args);

// Guests share an accepted event's page briefly; the organizer's view of a waiting one is private (the loader decides).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta = eventMeta;

export default function EventRoute() {
  const { event, jsonLd, signedIn, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ? readReply(answer.lastResult) : null;
  return <EventPage event={event} jsonLd={jsonLd} signedIn={signedIn} done={refused ? null : done} refused={refused} />;
 * events/{category}/{slug}: a stand-in event page mounting the attendance and reviews sections (ADR 100) until the
 * events feature's page replaces it at the merge; that page keeps the two sections and their loader call.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { AttendanceSection } from "~/features/events/attendance/AttendanceSection";
import { langOf } from "~/features/events/attendance/attendance.server";
import { eventSectionsData } from "~/features/events/attendance/sections.server";
import { EventReviewsSection } from "~/features/events/reviews/EventReviewsSection";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { metaFromLoader } from "~/utils/meta";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["events-attendance", "events-reviews"], hydrate: false };

export async function loader(args: LoaderFunctionArgs) {
  const sections = await eventSectionsData(args, args.params.slug ?? "");
  if (!sections || sections.attendance.view.category !== args.params.category) throw await notFoundResponse(args.request);
  const { reviews } = sections.reviews;
  return { title: reviews.title, lang: langOf(args.params), startsAt: reviews.starts_at, ...sections };
}

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function EventRoute() {
  const { title, lang, startsAt, attendance, reviews } = useLoaderData<typeof loader>();
  return (
    <main className={`${ui.narrow} ${ui.stack}`}>
      <h1 style={{ margin: 0 }}>{title}</h1>
      <p className={ui.muted}>{formatHomeMoment(startsAt, lang)}</p>
      <AttendanceSection data={attendance} lang={lang} />
      <EventReviewsSection data={reviews} lang={lang} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
