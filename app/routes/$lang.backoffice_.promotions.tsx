/**
 * backoffice/promotions: the promotion profiles waiting for the team, with accept and reject-with-reason (ADR 090);
 * a 404 for everyone but team and backend accounts. A thin adapter over app/features/promotion.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficePromotionsPage } from "~/features/promotion/BackofficePromotionsPage";
import { loadPromotionQueue, submitPromotionDecision } from "~/features/promotion/backoffice-promotions.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["promotion", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPromotionQueue(args);

export const action = (args: ActionFunctionArgs) => submitPromotionDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficePromotionsRoute() {
  const { title, queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficePromotionsPage title={title} queue={queue} done={failure ? null : done} failure={failure} />;
}
