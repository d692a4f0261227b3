/** backoffice/bundles: bundles waiting for the team (issue 28 item 1, ADR 092); a 404 for everyone else. A thin adapter over app/features/bundles. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadBundleQueue, submitBundleDecision } from "~/features/bundles/bundles.server";
import { BackofficeBundlesPage } from "~/features/bundles/OtherBundlePages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["bundle", "moderation", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBundleQueue(args);

export const action = (args: ActionFunctionArgs) => submitBundleDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeBundlesRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeBundlesPage queue={queue} done={failure ? null : done} failure={failure} />;
}
