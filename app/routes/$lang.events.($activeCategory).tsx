/**
 * events/{activeCategory?} (G, issue 29 item 1, ADR 104): the event search; without a category every category.
 * A thin adapter over app/features/community.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { loadEventSearch } from "~/features/community/community.server";
import { EventSearchPage } from "~/features/community/EventSearchPage";
import { profileHeaders } from "~/features/profile/headers";
import { metaFromLoader } from "~/utils/meta";
import { useLoaderData } from "@remix-run/react";
import { AdSlot } from "~/features/ads/AdZone";
import { withAdZone } from "~/features/ads/ads.server";

export const handle = { i18n: ["community", "ads"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => withAdZone(args, "event_search", loadEventSearch(args));

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default function Route() {
  const { ad } = useLoaderData<typeof loader>();
  return (
    <>
      <EventSearchPage />
      <AdSlot zone={ad} pageKey="event_search" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
