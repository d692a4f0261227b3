/** dating/reviews/unlock/{dateId} (spec section 2 "Dating reviews"; ADR 047): a thin adapter over app/features/reviews. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { ReviewUnlockPage } from "~/features/reviews/ReviewUnlockPage";
import { loadReviewUnlock, submitReviewUnlock } from "~/features/reviews/reviews.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["reviews"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReviewUnlock(args);

export const action = (args: ActionFunctionArgs) => submitReviewUnlock(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ReviewUnlockRoute() {
  const { info, lang, from, payKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer?.lastResult ? { ...readReply(answer.lastResult), insufficient: answer.insufficient } : null;
  return <ReviewUnlockPage info={info} lang={lang} from={from} refused={refused} paid={answer?.paid ?? null} payKey={payKey} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
