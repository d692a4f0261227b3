/** visitor (spec section 2 "Personal", issue 11): the member's visitors list. A thin adapter over app/features/favorites. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { UserListPage } from "~/features/favorites/UserListPage";
import { loadUserListPage } from "~/features/favorites/user-list.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { AdSlot } from "~/features/ads/AdZone";
import { withAdZone } from "~/features/ads/ads.server";

export const handle = { i18n: ["favorites", "search", "traits", "ads"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => withAdZone(args, "visitor", loadUserListPage(args, "visitors"));

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function VisitorRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <UserListPage group={page.group} title={page.title} url={page.url} list={page.list} />
      <AdSlot zone={page.ad} pageKey="visitor" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
