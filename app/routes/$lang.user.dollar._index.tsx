/** user/dollar (issue 27): the member's dollars. A thin adapter over app/features/wallet. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadDollarPage, submitDollarPage } from "~/features/wallet/dollar.server";
import { DollarPage } from "~/features/wallet/DollarPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "wallet"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadDollarPage(args);

export const action = (args: ActionFunctionArgs) => submitDollarPage(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function DollarRoute() {
  const { wallet, history, filters, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <DollarPage
      wallet={wallet}
      history={history}
      filters={filters}
      saved={answer ? false : saved}
      reply={answer ? readReply(answer.lastResult) : null}
    />
  );
}
