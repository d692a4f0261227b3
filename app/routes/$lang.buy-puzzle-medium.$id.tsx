/** buy-puzzle-medium/{id} (issue 28 item 2): a pay-per-view medium's confirmation. A thin adapter over app/features/creator-media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadBuyConfirm, submitBuy } from "~/features/creator-media/buy.server";
import { BuyPage } from "~/features/creator-media/BuyPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["creator-media"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBuyConfirm(args);

export const action = (args: ActionFunctionArgs) => submitBuy(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BuyPuzzleMediumRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <BuyPage page={page} reply={answer ? readReply(answer.lastResult) : null} />;
}
