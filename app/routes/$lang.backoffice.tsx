/**
 * backoffice: the moderation queue for team and backend accounts (ADR 030); a 404 for everyone else.
 * A thin adapter over app/features/backoffice.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeQueuePage } from "~/features/backoffice/BackofficeQueuePage";
import { loadBackofficeQueue, submitBackofficeDecision } from "~/features/backoffice/backoffice.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["moderation", "profile", "bundle", "blog", "event", "members", "editors", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBackofficeQueue(args);

export const action = (args: ActionFunctionArgs) => submitBackofficeDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeQueuePage queue={queue} done={failure ? null : done} failure={failure} />;
}
