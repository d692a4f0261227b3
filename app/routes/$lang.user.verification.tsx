/** user/verification: the member's identity and photo checks (issue 30 item 2, ADR 107). A thin adapter over app/features/verification. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadVerification, submitVerification } from "~/features/verification/verification.server";
import { VerificationPage } from "~/features/verification/VerificationPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["verification"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadVerification(args);

export const action = (args: ActionFunctionArgs) => submitVerification(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function VerificationRoute() {
  const { overview, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? { form: answer.form, reply: readReply(answer.lastResult) } : null;
  return <VerificationPage overview={overview} done={failure ? null : done} failure={failure} />;
}
