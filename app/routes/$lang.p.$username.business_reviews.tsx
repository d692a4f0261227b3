import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";
import { ReceivedReviewsTab } from "~/features/reviews/ReceivedReviewsTab";
import { loadReceivedReviews } from "~/features/reviews/reviews.server";

/** p/{username}/business_reviews (G): the reviews the business itself received (ADR 047). */
export const handle = { i18n: ["reviews"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReceivedReviews(args, "business_reviews");

export const headers = profileHeaders;
export const meta = profileMeta("business_reviews");

export default function ProfileTab() {
  const { reviews, hidden } = useLoaderData<typeof loader>();
  return (
    <ProfileTabPage
      tab="business_reviews"
      content={(page) => (
        <ReceivedReviewsTab tab="business_reviews" profile={page.profile} reviews={reviews} hidden={hidden} lang={page.lang} />
      )}
    />
  );
}
