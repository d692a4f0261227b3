import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadProfileEvents } from "~/features/community/community.server";
import { ProfileEventsTab } from "~/features/community/ProfileTabs";
import { OrganizerEventReviews } from "~/features/events/reviews/OrganizerEventReviews";
import { organizerEventReviewsData } from "~/features/events/reviews/reviews.server";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";

/**
 * p/{username}/events (G, issue 29 items 2 and 5): the member's upcoming and past events, what attendees said of the
 * events they organized; whom they attend only for themself.
 */
export const handle = { i18n: ["community", "events-reviews"], hydrate: false };

export async function loader(args: LoaderFunctionArgs) {
  const [events, reviews] = await Promise.all([loadProfileEvents(args), organizerEventReviewsData(args, args.params.username ?? "")]);
  return data({ ...events.data, reviews }, { headers: events.init?.headers });
}

export const headers = profileHeaders;
export const meta = profileMeta("events");

export default function ProfileTab() {
  const { events, lang, reviews } = useLoaderData<typeof loader>();
  return (
    <ProfileTabPage
      tab="events"
      content={(page) => (
        <>
          <OrganizerEventReviews data={reviews} />
          <ProfileEventsTab events={events} lang={lang} name={page.profile.displayName} />
        </>
      )}
    />
  );
}
