/** user/dollar/payout/secure-code (issue 27 item 5, ADR 086): choose the payout secure code, or reset it by e-mail. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { SecureCodePage } from "~/features/payouts/PayoutPages";
import { loadSecureCode, submitSecureCode } from "~/features/payouts/payouts.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["payouts"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSecureCode(args);

export const action = (args: ActionFunctionArgs) => submitSecureCode(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function SecureCodeRoute() {
  const { earner, secureCode, token, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <SecureCodePage
      earner={earner}
      secureCode={secureCode}
      token={token}
      done={done}
      reply={answer ? readReply(answer.lastResult) : null}
    />
  );
}
