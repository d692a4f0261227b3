import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadProfileEvents } from "~/features/community/community.server";
import { ProfileEventsTab } from "~/features/community/ProfileTabs";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";

/** p/{username}/events (G, issue 29 item 5): the member's upcoming and past events; whom they attend only for themself. */
export const handle = { i18n: ["community"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadProfileEvents(args);

export const headers = profileHeaders;
export const meta = profileMeta("events");

export default function ProfileTab() {
  const { events, lang } = useLoaderData<typeof loader>();
  return (
    <ProfileTabPage tab="events" content={(page) => <ProfileEventsTab events={events} lang={lang} name={page.profile.displayName} />} />
  );
}
