/** backoffice/payments (issue 26 item 7, ADR 080): payment transactions with filters, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentsPage } from "~/features/backoffice/money/ListPages";
import { loadPayments } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPayments(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficePaymentsRoute() {
  const { list, filter, errors } = useLoaderData<typeof loader>();
  return <PaymentsPage list={list} filter={filter} errors={errors} />;
}
