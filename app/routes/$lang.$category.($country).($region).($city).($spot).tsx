/**
 * SEO directory (G): /{lang}/{category}/{country}/{region}/{city}/{spot?}, and the real 404 for every other
 * unknown two-segment path. A thin adapter over app/features/directory.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { profileHeaders } from "~/features/profile/headers";
import { DirectoryPage } from "~/features/directory/DirectoryPage";
import { loadDirectory } from "~/features/directory/directory.server";
import { errorMeta } from "~/utils/error-meta";
import { rootOrigin } from "~/utils/meta";
import { pageMeta } from "~/utils/seo";

export const handle = { i18n: ["directory", "community"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadDirectory(args);

export const headers = profileHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) =>
  error || !data
    ? errorMeta(error)
    : pageMeta({ title: data.title, description: data.description, origin: rootOrigin(matches), pathname: data.selfPath });

export default DirectoryPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
