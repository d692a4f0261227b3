/** my_events (spec section 2): the organizer's events under the spec's filters. A thin adapter over app/features/events. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { loadMyEvents, submitMyEvents } from "~/features/events/events.server";
import { MyEventsPage } from "~/features/events/MyEventsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["event", "moderation"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMyEvents(args);

export const action = (args: ActionFunctionArgs) => submitMyEvents(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MyEventsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <MyEventsPage {...loaded} done={answer ? null : loaded.done} reply={answer ? readReply(answer.lastResult) : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
