/** user: the settings index (issue 10). A thin adapter over app/features/settings. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadSettingsIndex } from "~/features/settings/settings-index.server";
import { SettingsIndexPage } from "~/features/settings/SettingsIndexPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "bundle"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSettingsIndex(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function SettingsIndexRoute() {
  const { groups, isBusiness, tours, dollars, bundles } = useLoaderData<typeof loader>();
  return <SettingsIndexPage groups={groups} isBusiness={isBusiness} tours={tours} dollars={dollars} bundles={bundles} />;
}
