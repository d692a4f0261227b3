import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { JsonLd } from "~/components/JsonLd";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import type { ProfileOutletContext } from "~/features/profile/ProfileTabPage";
import { MembersOnlyPrompt } from "~/features/profile/parts/MembersOnlyPrompt";
import { PausedProfile } from "~/features/profile/parts/PausedProfile";
import { loadProfileLayout } from "~/features/profile/profile-layout.server";
import { submitProfileAction } from "~/features/profile-actions/actions.server";
import * as ui from "~/styles/ui.css";
import { AdZone } from "~/features/ads/AdZone";
import { withAdZone } from "~/features/ads/ads.server";
import { PROFILE_ZONE_SIZES } from "#server/contract/ads";

/** p/{username} and its tabs (G). Pure content: no JavaScript is shipped. */
export const handle = {
  i18n: ["profile", "traits", "relations", "reports", "favorites", "friends", "tips", "creator-media", "warnings", "ads"],
  hydrate: false,
};

/** The member actions of every tab (favorite, friend, note, report, block) post here (issue 11). */
export const action = (args: ActionFunctionArgs) => submitProfileAction(args);

export const loader = (args: LoaderFunctionArgs) => withAdZone(args, "profile", loadProfileLayout(args), PROFILE_ZONE_SIZES);

export const headers = profileHeaders;
export const meta = profileMeta("");

export default function ProfileLayout() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const outlet: ProfileOutletContext = { refused: answer ? readReply(answer.lastResult) : null };
  if (page.kind === "members_only") return <MembersOnlyPrompt lang={page.lang} username={page.username} />;
  if (page.kind === "paused") return <PausedProfile lang={page.lang} username={page.username} />;
  return (
    <main className={ui.page}>
      {"jsonLd" in page && page.jsonLd ? <JsonLd data={page.jsonLd} /> : null}
      <Outlet context={outlet} />
      <AdZone zone={page.ad} pageKey="profile" />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
