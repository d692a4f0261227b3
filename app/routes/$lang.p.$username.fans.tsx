import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FanOfferTab } from "~/features/fans/FansPages";
import { loadFanOfferTab } from "~/features/fans/fans.server";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";

/** p/{username}/fans (G): the creator's fan offer (issue 28 item 3, ADR 094). A thin adapter over app/features/fans. */
export const handle = { i18n: ["fans"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadFanOfferTab(args);

export const headers = profileHeaders;
export const meta = profileMeta("fans");

export default function ProfileFansTab() {
  const { offer, signedIn } = useLoaderData<typeof loader>();
  return (
    <ProfileTabPage
      tab="fans"
      content={(page) => <FanOfferTab offer={offer} signedIn={signedIn} displayName={page.profile.displayName} />}
    />
  );
}
