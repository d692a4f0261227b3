/** user/dollar/payout (issue 27 items 5–6, ADR 086): the payout flow and the payout history. A thin adapter over app/features/payouts. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { PayoutPage } from "~/features/payouts/PayoutPages";
import { loadPayout, submitPayout } from "~/features/payouts/payouts.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["payouts"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPayout(args);

export const action = (args: ActionFunctionArgs) => submitPayout(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function PayoutRoute() {
  const { step, overview, payouts, amount, done, key, confirmed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <PayoutPage
      step={step}
      overview={overview}
      payouts={payouts}
      amount={amount}
      done={done}
      moneyKey={key}
      confirmed={confirmed}
      reply={answer?.lastResult ? readReply(answer.lastResult) : null}
      failure={answer?.failure ?? null}
    />
  );
}
