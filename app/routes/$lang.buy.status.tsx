/**
 * buy/status (issue 26 item 3): the paying state. The provider's return URL lands here and grants nothing; while
 * paying the page refreshes itself without JavaScript and, with it, asks again every POST_PAYMENT_POLL_MS.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { POST_PAYMENT_POLL_MS } from "#server/contract/billing";
import { loadStatus } from "~/features/checkout/checkout.server";
import { CheckoutStatusPage } from "~/features/checkout/CheckoutStatusPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["checkout"] };

export const loader = (args: LoaderFunctionArgs) => loadStatus(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BuyStatusRoute() {
  const { order, returnTo } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const paying = order.payingCode === 2;
  useEffect(() => {
    if (!paying) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POST_PAYMENT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [paying, revalidator]);
  return <CheckoutStatusPage order={order} returnTo={returnTo} />;
}
