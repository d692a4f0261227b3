/** dating/reviews/detail/{dateId} (spec section 2 "Dating reviews"; ADR 047): a thin adapter over app/features/reviews. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { ReviewDetailPage } from "~/features/reviews/ReviewDetailPage";
import { loadReviewDetail, submitReviewDetail } from "~/features/reviews/reviews.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["reviews", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReviewDetail(args);

export const action = (args: ActionFunctionArgs) => submitReviewDetail(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ReviewDetailRoute() {
  const { reviews, lang, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ? readReply(answer.lastResult) : null;
  return <ReviewDetailPage reviews={reviews} lang={lang} done={refused ? null : done} refused={refused} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
