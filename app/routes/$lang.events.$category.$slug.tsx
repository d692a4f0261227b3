/**
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
