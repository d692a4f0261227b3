/** backoffice/promo-codes (issue 26 item 7, ADR 080): the promo codes and a form for a new one, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { PromoCodesPage } from "~/features/backoffice/money/PromoPages";
import { loadPromoCodes, submitNewPromoCode } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPromoCodes(args);

export const action = (args: ActionFunctionArgs) => submitNewPromoCode(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficePromoCodesRoute() {
  const { list, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <PromoCodesPage list={list} created={done === "created"} failure={answer ? readReply(answer.lastResult) : null} />;
}
