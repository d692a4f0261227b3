import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { SearchRouteView } from "~/features/search/SearchPage";
import { loadSearchPage } from "~/features/search/search-page.server";
import { profileHeaders } from "~/features/profile/headers";
import { withPageHeaders } from "~/features/search/search.server";
import { metaFromLoader } from "~/utils/meta";

/** /{lang}/agenturen-clubs/{activeCategory?} (G): the business search: agencies and clubs. */
export const handle = { i18n: ["search", "traits", "ads"] };

export const loader = (args: LoaderFunctionArgs) => withPageHeaders(args, loadSearchPage(args, "business"));

export const headers = profileHeaders;

export const meta = metaFromLoader();

export default function BusinessSearch() {
  return <SearchRouteView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
