/** tip/{key} (issue 27 items 3 and 6): a tip's result, by its idempotency key. A thin adapter over app/features/tips. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadTipResult } from "~/features/tips/tip.server";
import { TipResultPage } from "~/features/tips/TipPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["tips"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadTipResult(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function TipResultRoute() {
  const page = useLoaderData<typeof loader>();
  return <TipResultPage page={page} />;
}
