/** contracts/withdraw/confirm/{token}: the link that makes a withdrawal sent without login take effect (ADR 088). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadWithdrawConfirm, submitWithdrawConfirm } from "~/features/plus/contracts.server";
import { ContractReceiptPage, WithdrawConfirmPage } from "~/features/plus/ContractPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["plus"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadWithdrawConfirm(args);

export const action = (args: ActionFunctionArgs) => submitWithdrawConfirm(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function WithdrawConfirmRoute() {
  const { title, wellFormed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer?.receipt) return <ContractReceiptPage title={answer.title} receipt={answer.receipt} />;
  return <WithdrawConfirmPage title={title} wellFormed={wellFormed} failed={Boolean(answer)} />;
}
