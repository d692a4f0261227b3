/** login/second-factor (issue 30 item 5, ADR 117): a staff sign-in's second step. A thin adapter over app/features/staff-totp. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { SecondFactorPage } from "~/features/staff-totp/SecondFactorPage";
import { loadSecondFactor, submitSecondFactor } from "~/features/staff-totp/second-factor.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["staff-totp"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSecondFactor(args);

export const action = (args: ActionFunctionArgs) => submitSecondFactor(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function SecondFactorRoute() {
  const { title, lockedUntil, r } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <SecondFactorPage title={title} lockedUntil={lockedUntil} r={r} failure={answer ? readReply(answer.lastResult) : null} />;
}
