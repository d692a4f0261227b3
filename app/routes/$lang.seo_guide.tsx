/** seo_guide (G): how the directory is organised. A thin adapter over app/features/directory. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/features/profile/headers";
import { SeoGuidePage } from "~/features/directory/SeoGuidePage";
import { loadSeoGuide } from "~/features/directory/seo-guide.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["directory"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSeoGuide(args);

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default SeoGuidePage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
