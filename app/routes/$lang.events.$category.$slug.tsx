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
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
