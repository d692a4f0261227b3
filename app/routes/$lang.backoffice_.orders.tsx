/** backoffice/orders (issue 26 item 7, ADR 080): orders with filters, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrdersPage } from "~/features/backoffice/money/ListPages";
import { loadOrders } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadOrders(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeOrdersRoute() {
  const { list, filter, errors } = useLoaderData<typeof loader>();
  return <OrdersPage list={list} filter={filter} errors={errors} />;
}
