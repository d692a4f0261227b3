/** backoffice/promo-codes/{id} (issue 26 item 7, ADR 080): change a promo code or switch it off, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { PromoCodePage } from "~/features/backoffice/money/PromoPages";
import { loadPromoCode, submitPromoCode } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPromoCode(args);

export const action = (args: ActionFunctionArgs) => submitPromoCode(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficePromoCodeRoute() {
  const { promo, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <PromoCodePage promo={promo} done={done} failure={answer ? readReply(answer.lastResult) : null} />;
}
