/** backoffice/invoices (issue 26 item 7, ADR 080): invoices and credit notes with filters, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvoicesPage } from "~/features/backoffice/money/ListPages";
import { loadInvoices } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadInvoices(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeInvoicesRoute() {
  const { list, filter, errors } = useLoaderData<typeof loader>();
  return <InvoicesPage list={list} filter={filter} errors={errors} />;
}
