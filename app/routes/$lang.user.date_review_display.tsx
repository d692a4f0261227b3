/** user/date_review_display (issue 10). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { allErrors, readReply } from "~/components/form/reply";
import { loadReviewDisplay, submitReviewDisplay } from "~/features/settings/review-display.server";
import { ReviewDisplayPage } from "~/features/settings/ReviewDisplayPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReviewDisplay(args);

export const action = (args: ActionFunctionArgs) => submitReviewDisplay(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ReviewDisplayRoute() {
  const { display } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <ReviewDisplayPage
      display={display}
      saved={searchParams.get("saved") === "1" && !answer}
      formErrors={allErrors(readReply(answer?.lastResult))}
    />
  );
}
