/** contracts/cancel: the § 312k BGB cancellation button's page, without login (issue 26). A thin adapter over app/features/plus. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadContractCancel, submitContractCancel } from "~/features/plus/contracts.server";
import { ContractCancelPage } from "~/features/plus/ContractPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["plus"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadContractCancel(args);

export const action = (args: ActionFunctionArgs) => submitContractCancel(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ContractCancelRoute() {
  const { title, prefill } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ContractCancelPage title={title} prefill={prefill} reply={answer ? readReply(answer.lastResult) : null} />;
}
