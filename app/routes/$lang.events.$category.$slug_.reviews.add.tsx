/** events/{category}/{slug}/reviews/add (issue 29 item 2, ADR 100): a thin adapter over app/features/events/reviews. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { EventReviewAddPage } from "~/features/events/reviews/EventReviewAddPage";
import { loadEventReviewAdd, submitEventReviewAdd } from "~/features/events/reviews/reviews.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["events-reviews"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadEventReviewAdd(args);

export const action = (args: ActionFunctionArgs) => submitEventReviewAdd(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function EventReviewAddRoute() {
  const { reviews, lang } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <EventReviewAddPage reviews={reviews} lang={lang} refused={answer ? readReply(answer.lastResult) : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
