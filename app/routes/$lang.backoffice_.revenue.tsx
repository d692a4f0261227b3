/** backoffice/revenue (issue 26 item 7, ADR 080): revenue per day or month as a server-drawn SVG chart and a table, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RevenuePage } from "~/features/backoffice/money/RevenuePage";
import { loadRevenue } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadRevenue(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeRevenueRoute() {
  const { revenue, filter, errors } = useLoaderData<typeof loader>();
  return <RevenuePage revenue={revenue} filter={filter} errors={errors} />;
}
