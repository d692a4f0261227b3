/** backoffice/reviews: reported and flagged reviews (issue 30 item 5, ADR 119); a 404 for everyone else. A thin adapter over app/features/queues. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeReviewsPage } from "~/features/queues/BackofficeReviewsPage";
import { loadReviewQueue, submitReviewDecision } from "~/features/queues/queues.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["queues", "reviews"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReviewQueue(args);

export const action = (args: ActionFunctionArgs) => submitReviewDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeReviewsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeReviewsPage queue={queue} done={failure ? null : done} failure={failure} />;
}
