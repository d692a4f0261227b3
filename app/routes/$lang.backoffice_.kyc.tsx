/** backoffice/kyc: AML hits and KYC resets for backend staff (issue 30 item 3, ADR 109); a 404 for everyone else. A thin adapter over app/features/kyc. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeKycPage } from "~/features/kyc/BackofficeKycPage";
import { loadKycQueue, submitKycDecision } from "~/features/kyc/kyc.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["kyc", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadKycQueue(args);

export const action = (args: ActionFunctionArgs) => submitKycDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeKycRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeKycPage queue={queue} done={failure ? null : done} failure={failure} />;
}
