/** /{lang}/reviews (G): the platform's newest date reviews. A thin adapter over app/features/latest-reviews (ADR 067). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { LatestReviewsPage } from "~/features/latest-reviews/LatestReviewsPage";
import { loadLatestReviews } from "~/features/latest-reviews/latest-reviews.server";
import { profileHeaders } from "~/features/profile/headers";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["latest-reviews", "reviews"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLatestReviews(args);

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default LatestReviewsPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
