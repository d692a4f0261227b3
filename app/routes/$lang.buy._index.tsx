/** buy (issue 26 item 2): the checkout's four steps, one plain form post each. A thin adapter over app/features/checkout. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadCheckout, submitCheckout } from "~/features/checkout/checkout.server";
import { CheckoutStepPage } from "~/features/checkout/CheckoutPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["checkout"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadCheckout(args);

export const action = (args: ActionFunctionArgs) => submitCheckout(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BuyRoute() {
  const { step, order, offers, goods, sku, promo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <CheckoutStepPage
      step={step}
      order={order}
      offers={offers}
      goods={goods}
      sku={sku}
      promo={promo}
      reply={readReply(answer?.lastResult)}
    />
  );
}
