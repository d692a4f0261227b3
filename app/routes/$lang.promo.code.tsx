/** promo/code (spec section 2; issue 32 item 6): enter a promo code as a guest or a member. A thin adapter over app/features/promo. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { PromoCodePage } from "~/features/promo-code/PromoCodePage";
import { loadPromoCode, submitPromoCode } from "~/features/promo-code/promo-code.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["promo-code"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPromoCode(args);

export const action = (args: ActionFunctionArgs) => submitPromoCode(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function PromoCodeRoute() {
  const { title, signedIn, code, offers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <PromoCodePage
      title={title}
      signedIn={signedIn}
      code={code}
      offers={offers}
      reply={answer?.lastResult ? readReply(answer.lastResult) : null}
      checked={answer?.checked ?? null}
    />
  );
}
