/** events/{category}/{slug}/attendees (issue 29 item 1, ADR 100): a thin adapter over app/features/events/attendance. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { AttendeesPage } from "~/features/events/attendance/AttendeesPage";
import { loadAttendeesPage } from "~/features/events/attendance/attendance.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["events-attendance"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAttendeesPage(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function AttendeesRoute() {
  const { view, page, outcome, lang } = useLoaderData<typeof loader>();
  return <AttendeesPage view={view} page={page} outcome={outcome} lang={lang} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
