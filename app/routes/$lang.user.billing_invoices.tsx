/** user/billing_invoices (issue 10). A thin adapter over app/features/settings. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadBillingInvoices } from "~/features/settings/membership.server";
import { BillingInvoicesPage } from "~/features/settings/BillingInvoicesPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "membership"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBillingInvoices(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BillingInvoicesRoute() {
  const { membership } = useLoaderData<typeof loader>();
  return <BillingInvoicesPage membership={membership} />;
}
