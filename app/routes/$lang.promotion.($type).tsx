/** promotion/{type?} (issue 27 item 3, spec section 2): rise-up and promotion profile. A thin adapter over app/features/promotion. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadPromotion, submitPromotion } from "~/features/promotion/promotion.server";
import { PromotionPage } from "~/features/promotion/PromotionPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["promotion"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPromotion(args);

export const action = (args: ActionFunctionArgs) => submitPromotion(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function PromotionRoute() {
  const { type, title, overview, done, key } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <PromotionPage
      type={type}
      title={title}
      overview={overview}
      done={answer ? null : done}
      formKey={key}
      reply={answer ? readReply(answer.lastResult) : null}
    />
  );
}
