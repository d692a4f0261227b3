/** backoffice/payouts (issue 27 item 7, ADR 080, 086): the payouts queue and its pain.001 batches, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadPayoutQueue, submitPayoutQueue } from "~/features/backoffice/money/money.server";
import { PayoutsPage } from "~/features/backoffice/money/PayoutsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting", "payouts", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPayoutQueue(args);

export const action = (args: ActionFunctionArgs) => submitPayoutQueue(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficePayoutsRoute() {
  const { queue, done, batch } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <PayoutsPage queue={queue} done={done} batch={batch} failure={answer ? readReply(answer.lastResult) : null} />;
}
