/** backoffice/events: events waiting for the team (issue 29 item 7, ADR 099); a 404 for everyone else. A thin adapter over app/features/events. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeEventsPage } from "~/features/events/BackofficeEventsPage";
import { loadEventQueue, submitEventDecision } from "~/features/events/events.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["event", "moderation", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadEventQueue(args);

export const action = (args: ActionFunctionArgs) => submitEventDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeEventsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeEventsPage queue={queue} done={failure ? null : done} failure={failure} />;
}
