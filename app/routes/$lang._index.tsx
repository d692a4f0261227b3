/** Home (G): the public start page. A thin adapter over app/features/home. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/features/profile/headers";
import { HomePage } from "~/features/home/HomePage";
import { loadHome } from "~/features/home/home.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["home", "search", "directory"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadHome(args);

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default HomePage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
