/** user/billing_invoices (issue 26 item 4): a thin adapter over app/features/invoices. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { BillingInvoicesPage } from "~/features/invoices/BillingInvoicesPage";
import { loadBillingInvoices, submitBillingInfo } from "~/features/invoices/billing-invoices.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "invoices"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBillingInvoices(args);
export const action = (args: ActionFunctionArgs) => submitBillingInfo(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BillingInvoicesRoute() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<{ lastResult: SubmissionResult<string[]> }>();
  return <BillingInvoicesPage view={view} lastResult={answer?.lastResult ?? null} />;
}
