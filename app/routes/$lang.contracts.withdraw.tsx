/** contracts/withdraw: the EU withdrawal function (Directive 2023/2673), without login (issue 26). A thin adapter over app/features/plus. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadContractWithdraw, submitContractWithdraw } from "~/features/plus/contracts.server";
import { ContractWithdrawPage } from "~/features/plus/ContractPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["plus"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadContractWithdraw(args);

export const action = (args: ActionFunctionArgs) => submitContractWithdraw(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ContractWithdrawRoute() {
  const { title, prefill } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ContractWithdrawPage title={title} prefill={prefill} reply={answer ? readReply(answer.lastResult) : null} />;
}
