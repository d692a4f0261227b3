/** live: browse the streams on air and the announced ones (issue 31, ADR 124). A thin adapter over app/features/live. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BrowsePage } from "~/features/live/LivePages";
import { loadBrowse } from "~/features/live/live.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBrowse(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function LiveBrowseRoute() {
  const page = useLoaderData<typeof loader>();
  return <BrowsePage title={page.title} browse={page.browse} filters={page.filters} categories={page.categories} />;
}
