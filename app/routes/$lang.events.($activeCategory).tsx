/**
 * events/{activeCategory?} (G, issue 29 item 1, ADR 104): the event search; without a category every category.
 * A thin adapter over app/features/community.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { loadEventSearch } from "~/features/community/community.server";
import { EventSearchPage } from "~/features/community/EventSearchPage";
import { profileHeaders } from "~/features/profile/meta";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["community"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadEventSearch(args);

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default EventSearchPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
