/** backoffice/security (issue 30 item 5, ADR 117): a staff member's second factor; a 404 for everyone else. A thin adapter over app/features/staff-totp. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { SecurityPage } from "~/features/staff-totp/SecurityPage";
import { loadSecurity, submitSecurity } from "~/features/staff-totp/security.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["staff-totp"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSecurity(args);

export const action = (args: ActionFunctionArgs) => submitSecurity(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeSecurityRoute() {
  const { title, status, qr, viewerId, colleagues, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer?.lastResult ? readReply(answer.lastResult) : null;
  return (
    <SecurityPage
      title={title}
      status={status}
      qr={qr}
      viewerId={viewerId}
      colleagues={colleagues}
      done={failure ? null : done}
      codes={answer?.codes ?? null}
      failure={failure}
    />
  );
}
