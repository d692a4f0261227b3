import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { SearchPage } from "~/components/search/SearchPage";
import { loadSearchPage } from "~/components/search/search-page.server";
import { metaFromLoader } from "~/utils/meta";

/** /{lang}/clients/{popFilters?} (G): the client search (for escorts and businesses). */
export const handle = { i18n: ["common"] };

export const loader = (args: LoaderFunctionArgs) => loadSearchPage(args, "client");

export const meta = metaFromLoader();

export default function ClientSearch() {
  return <SearchPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
