/** lp/{shortUrl} (G): an SEO landing page (spec section 8). A thin adapter over app/features/directory. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/features/profile/headers";
import { LandingPage } from "~/features/directory/LandingPage";
import { loadLandingPage } from "~/features/directory/landing.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["directory"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLandingPage(args);

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default LandingPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
