/** contracts/receipt/{id}: the saveable confirmation of a cancellation or withdrawal (issue 26). A thin adapter over app/features/plus. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadContractReceipt } from "~/features/plus/contracts.server";
import { ContractReceiptPage } from "~/features/plus/ContractPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["plus"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadContractReceipt(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ContractReceiptRoute() {
  const { title, receipt } = useLoaderData<typeof loader>();
  return <ContractReceiptPage title={title} receipt={receipt} />;
}
