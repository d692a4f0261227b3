import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { AllReviewsLink } from "~/features/latest-reviews/AllReviewsLink";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";
import { LinkedEscortReviewsTab } from "~/features/reviews/LinkedEscortReviewsTab";
import { ReceivedReviewsTab } from "~/features/reviews/ReceivedReviewsTab";
import { loadReceivedReviews } from "~/features/reviews/reviews.server";

/**
 * p/{username}/reviews (G): the published date reviews the member received, with the averages (ADR 047); for a
 * business the reviews of the escorts it lists.
 */
export const handle = { i18n: ["reviews", "latest-reviews"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReceivedReviews(args);

export const headers = profileHeaders;
export const meta = profileMeta("reviews");

export default function ProfileTab() {
  const { reviews, hidden, escortReviews } = useLoaderData<typeof loader>();
  return (
    <ProfileTabPage
      tab="reviews"
      content={(page) => (
        <>
          {escortReviews ? (
            <LinkedEscortReviewsTab profile={page.profile} reviews={escortReviews} lang={page.lang} />
          ) : (
            <ReceivedReviewsTab profile={page.profile} reviews={reviews} hidden={hidden} lang={page.lang} />
          )}
          <AllReviewsLink lang={page.lang} />
        </>
      )}
    />
  );
}
