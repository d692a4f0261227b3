/** user/kyc: the member's check for payouts (issue 30 item 3, ADR 109). A thin adapter over app/features/kyc. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { KycPage } from "~/features/kyc/KycPage";
import { loadKyc, submitKyc } from "~/features/kyc/kyc.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["kyc"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadKyc(args);

export const action = (args: ActionFunctionArgs) => submitKyc(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function KycRoute() {
  const { kyc, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <KycPage kyc={kyc} done={failure ? null : done} failure={failure} />;
}
