/** user/membership/cancel (issue 26, spec "cancel, cancel v2"). A thin adapter over app/features/plus. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadPlusCancel, submitPlusCancel } from "~/features/plus/cancel.server";
import { CancelPage } from "~/features/plus/CancelPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["plus"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPlusCancel(args);

export const action = (args: ActionFunctionArgs) => submitPlusCancel(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function PlusCancelRoute() {
  const { title, endsAt, offer } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <CancelPage title={title} endsAt={endsAt} offer={offer} reply={answer ? readReply(answer.lastResult) : null} />;
}
