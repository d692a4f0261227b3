/**
 * backoffice/appeals (DSA Art. 20, ADR 113): open complaints against decisions, for staff with "appeals.decide"; a 404
 * for everyone else. A thin adapter over app/features/appeals.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeAppealsPage } from "~/features/appeals/BackofficeAppealsPage";
import { loadAppealQueue, submitAppealDecision } from "~/features/appeals/backoffice-appeals.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["appeals", "reports", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAppealQueue(args);

export const action = (args: ActionFunctionArgs) => submitAppealDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAppealsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <BackofficeAppealsPage queue={queue} done={done} failure={answer ? readReply(answer.lastResult) : null} />;
}
