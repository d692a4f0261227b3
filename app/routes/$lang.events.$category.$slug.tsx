/**
 * events/{category}/{slug} (G; spec section 2): one event. A thin adapter over app/features/events, with the
 * attendance and reviews sections (ADR 100) in the page's places for them.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { AttendanceSection } from "~/features/events/attendance/AttendanceSection";
import { EventPage } from "~/features/events/EventPage";
import { loadEventPage, submitEventPage } from "~/features/events/events.server";
import { eventMeta } from "~/features/events/meta";
import { EventReviewsSection } from "~/features/events/reviews/EventReviewsSection";

export const handle = { i18n: ["event", "events-attendance", "events-reviews", "moderation", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadEventPage(args);

export const action = (args: ActionFunctionArgs) => submitEventPage(args);

// Guests share an accepted event's page briefly; the organizer's view of a waiting one is private (the loader decides).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta = eventMeta;

export default function EventRoute() {
  const { lang, event, sections, jsonLd, signedIn, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ? readReply(answer.lastResult) : null;
  return (
    <EventPage
      event={event}
      jsonLd={jsonLd}
      signedIn={signedIn}
      done={refused ? null : done}
      refused={refused?.intent === "report_review" ? null : refused}
      attendance={sections ? <AttendanceSection data={sections.attendance} lang={lang} /> : null}
      reviews={
        sections ? (
          <EventReviewsSection
            data={sections.reviews}
            lang={lang}
            signedIn={signedIn}
            refused={refused?.intent === "report_review" ? refused : null}
          />
        ) : null
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
