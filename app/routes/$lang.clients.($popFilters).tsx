import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { SearchRouteView } from "~/features/search/SearchPage";
import { loadSearchPage } from "~/features/search/search-page.server";
import { profileHeaders } from "~/features/profile/headers";
import { withSavedSearch } from "~/features/search/search.server";
import { metaFromLoader } from "~/utils/meta";

/**
 * /{lang}/clients/{popFilters?} (G): the client search (for escorts and
 * businesses). Guests get a noindex log-in prompt instead (docs/decisions/009).
 */
export const handle = { i18n: ["search", "traits", "ads"] };

// Clients and escorts keep this search as their saved one (user_filters, docs/decisions/010).
export const loader = (args: LoaderFunctionArgs) => withSavedSearch(args, loadSearchPage(args, "client"));

export const headers = profileHeaders;

const indexedMeta = metaFromLoader();
const promptMeta = metaFromLoader({ noindex: true });
export const meta: MetaFunction<typeof loader> = (args) => (args.data?.kind === "guest_prompt" ? promptMeta(args) : indexedMeta(args));

export default function ClientSearch() {
  return <SearchRouteView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
