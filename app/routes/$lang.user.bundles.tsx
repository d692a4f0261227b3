/** user/bundles (spec settings "bundles"; issue 28 item 1): own and purchased bundles. A thin adapter over app/features/bundles. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { loadSettingsBundles } from "~/features/bundles/bundles.server";
import { SettingsBundlesPage } from "~/features/bundles/OtherBundlePages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["bundle"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSettingsBundles(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function SettingsBundlesRoute() {
  const loaded = useLoaderData<typeof loader>();
  return <SettingsBundlesPage {...loaded} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
