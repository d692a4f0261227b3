/** favorite_visitor (spec section 2 "Personal", issue 11): favorites and visitors at a glance. A thin adapter over app/features/favorites. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { OverviewPage } from "~/features/favorites/OverviewPage";
import { loadOverviewPage } from "~/features/favorites/user-list.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["favorites"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadOverviewPage(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function FavoriteVisitorRoute() {
  const page = useLoaderData<typeof loader>();
  return <OverviewPage title={page.title} lists={page.lists} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
