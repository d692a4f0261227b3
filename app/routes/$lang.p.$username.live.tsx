import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProfileLiveTab } from "~/features/live/LivePages";
import { loadProfileLiveTab, submitProfileLiveTab } from "~/features/live/live.server";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";

/** p/{username}/live: the creator's live tab — on air, schedule, recordings, watch subscription (issue 31, ADR 124: not a spec route). */
export const handle = { i18n: ["live"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadProfileLiveTab(args);

export const action = (args: ActionFunctionArgs) => submitProfileLiveTab(args);

export const headers = profileHeaders;
export const meta = profileMeta("live");

export default function ProfileLiveTabRoute() {
  const { tab } = useLoaderData<typeof loader>();
  return <ProfileTabPage tab="live" content={(page) => <ProfileLiveTab tab={tab} displayName={page.profile.displayName} />} />;
}
