/** user/kyc/agreement: the creator agreement, read and signed (issue 30 item 3, ADR 109). A thin adapter over app/features/kyc. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { AgreementPage } from "~/features/kyc/AgreementPage";
import { loadAgreement, submitAgreement } from "~/features/kyc/kyc.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["kyc"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAgreement(args);

export const action = (args: ActionFunctionArgs) => submitAgreement(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function KycAgreementRoute() {
  const { agreement, kyc } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <AgreementPage agreement={agreement} kyc={kyc} failure={answer ? readReply(answer.lastResult) : null} />;
}
