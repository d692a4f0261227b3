import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { profileHeaders, profileMeta } from "~/components/profile/meta";
import { BusinessReviewsTab } from "~/components/profile/ProfileExtras";
import { ProfileTabPage } from "~/components/profile/ProfileTabRoute";
import { loadBusinessReviews } from "~/features/profile-extras/business-reviews.server";

/** p/{username}/business_reviews (G): the business's reviews from GET /profiles/{username}/business-reviews (ADR 039). */
export const handle = { hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBusinessReviews(args);

export const headers = profileHeaders;
export const meta = profileMeta("business_reviews");

export default function ProfileTab() {
  const { reviews } = useLoaderData<typeof loader>();
  return (
    <ProfileTabPage
      tab="business_reviews"
      content={(page) => (reviews ? <BusinessReviewsTab profile={page.profile} reviews={reviews} lang={page.lang} /> : null)}
    />
  );
}
