import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { SearchRouteView } from "~/features/search/SearchPage";
import { loadSearchPage } from "~/features/search/search-page.server";
import { profileHeaders } from "~/features/profile/headers";
import { withSavedSearch } from "~/features/search/search.server";
import { metaFromLoader } from "~/utils/meta";

/** /{lang}/escorts/{popFilters?} (G): the escort search. */
export const handle = { i18n: ["search", "traits", "ads"] };

// Clients and escorts keep this search as their saved one (user_filters, docs/decisions/010).
export const loader = (args: LoaderFunctionArgs) => withSavedSearch(args, loadSearchPage(args, "escort"));

export const headers = profileHeaders;

export const meta = metaFromLoader();

export default function EscortSearch() {
  return <SearchRouteView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
