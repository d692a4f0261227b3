/** user/dollar/payout/bank (issue 27 item 5, ADR 086): the bank account payouts go to, confirmed by the secure code. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BankAccountPage } from "~/features/payouts/PayoutPages";
import { loadBankAccount, submitBankAccount } from "~/features/payouts/payouts.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["payouts"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBankAccount(args);

export const action = (args: ActionFunctionArgs) => submitBankAccount(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function PayoutBankRoute() {
  const { earner, secureCode, account, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <BankAccountPage
      earner={earner}
      secureCode={secureCode}
      account={account}
      saved={saved}
      reply={answer ? readReply(answer.lastResult) : null}
    />
  );
}
