/** /{lang}/homepage-landing/{popFilters?} (G): the guest landing of campaigns. A thin adapter over app/features/home. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/features/profile/headers";
import { HomepageLandingPage } from "~/features/home/HomepageLandingPage";
import { loadHomepageLanding } from "~/features/home/homepage-landing.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["home", "search"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadHomepageLanding(args);

export const headers = profileHeaders;
export const meta = metaFromLoader({ noindex: true });

export default HomepageLandingPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
