/** backoffice/orders/{id} (issue 26 item 7, ADR 080): one order and its refund form, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { OrderPage } from "~/features/backoffice/money/OrderPage";
import { loadOrder, submitRefund } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadOrder(args);

export const action = (args: ActionFunctionArgs) => submitRefund(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeOrderRoute() {
  const { detail, refunded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <OrderPage detail={detail} refunded={refunded} failure={failure} />;
}
