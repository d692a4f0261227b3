/** buy/confirm (issue 26 item 2; spec section 2 "Payment"): the summary and "zahlungspflichtig bestellen" (§ 312j BGB). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadConfirm, submitConfirm } from "~/features/checkout/checkout.server";
import { CheckoutConfirmPage } from "~/features/checkout/CheckoutPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["checkout", "wallet"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadConfirm(args);

export const action = (args: ActionFunctionArgs) => submitConfirm(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BuyConfirmRoute() {
  const { order } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <CheckoutConfirmPage order={order} reply={readReply(answer?.lastResult)} />;
}
