/** user/fans/{id}: one fan subscription, with cancel or undo cancel (spec "Creator subscription"). A thin adapter over app/features/fans. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { SubscriptionPage } from "~/features/fans/FansPages";
import { loadSubscription, submitSubscription } from "~/features/fans/fans.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["fans"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSubscription(args);

export const action = (args: ActionFunctionArgs) => submitSubscription(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function FanSubscriptionRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <SubscriptionPage {...page} reply={answer?.lastResult ? readReply(answer.lastResult) : null} />;
}
