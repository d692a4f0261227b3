/** backoffice/ledger/reconciliation (issue 27 item 7, ADR 087): the reconciliation reports and "run now", backend accounts only. A thin adapter over app/features/backoffice/ledger. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReconciliationPage } from "~/features/backoffice/ledger/ReconciliationPage";
import { loadReconciliation, submitReconciliation } from "~/features/backoffice/ledger/ledger.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["ledger-office", "accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReconciliation(args);

export const action = (args: ActionFunctionArgs) => submitReconciliation(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeReconciliationRoute() {
  const { reports, ran } = useLoaderData<typeof loader>();
  return <ReconciliationPage reports={reports} ran={ran} />;
}
