import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { SearchPage } from "~/components/search/SearchPage";
import { loadSearchPage } from "~/components/search/search-page.server";
import { metaFromLoader } from "~/utils/meta";

/** /{lang}/escorts/{popFilters?} (G): the escort search. */
export const handle = { i18n: ["common"] };

export const loader = (args: LoaderFunctionArgs) => loadSearchPage(args, "escort");

export const meta = metaFromLoader();

export default function EscortSearch() {
  return <SearchPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
