/** tip?target=&id=&amount= (issue 27 items 3 and 6): a tip's confirmation. A thin adapter over app/features/tips. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadTipConfirm, submitTip } from "~/features/tips/tip.server";
import { TipConfirmPage } from "~/features/tips/TipPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["tips"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadTipConfirm(args);

export const action = (args: ActionFunctionArgs) => submitTip(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function TipConfirmRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer && "lastResult" in answer ? readReply(answer.lastResult) : null;
  return <TipConfirmPage page={page} reply={reply} />;
}
