/** backoffice/verifications: checks waiting for the team (issue 30 item 2, ADR 107); a 404 for everyone else. A thin adapter over app/features/verification. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeVerificationsPage } from "~/features/verification/BackofficeVerificationsPage";
import { loadVerificationQueue, submitVerificationDecision } from "~/features/verification/verification.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["verification", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadVerificationQueue(args);

export const action = (args: ActionFunctionArgs) => submitVerificationDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeVerificationsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeVerificationsPage queue={queue} done={failure ? null : done} failure={failure} />;
}
