/** The location guide (G). A thin adapter over app/features/directory. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/features/profile/headers";
import { LocationGuidePage } from "~/features/directory/LocationGuidePage";
import { loadLocationGuide } from "~/features/directory/location-guide.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["directory"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLocationGuide(args);

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default LocationGuidePage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
