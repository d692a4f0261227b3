/** /{lang}/newsfeed (G; spec section 2 "Personal: newsfeed (G)"). A thin adapter over app/features/newsfeed (ADR 095). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { NewsfeedPage } from "~/features/newsfeed/NewsfeedPage";
import { loadNewsfeed } from "~/features/newsfeed/newsfeed.server";
import { profileHeaders } from "~/features/profile/headers";
import { metaFromLoader } from "~/utils/meta";
import { useLoaderData } from "@remix-run/react";
import { AdSlot } from "~/features/ads/AdZone";
import { withAdZone } from "~/features/ads/ads.server";

export const handle = { i18n: ["newsfeed", "live", "ads"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => withAdZone(args, "newsfeed", loadNewsfeed(args));

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default function Route() {
  const { ad } = useLoaderData<typeof loader>();
  return (
    <>
      <NewsfeedPage />
      <AdSlot zone={ad} pageKey="newsfeed" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
