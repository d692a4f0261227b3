/** user/membership (issue 26): the member's plus contract. A thin adapter over app/features/plus. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadPlusMembership, submitPlusMembership } from "~/features/plus/membership.server";
import { MembershipPage } from "~/features/plus/MembershipPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "membership", "plus"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPlusMembership(args);

export const action = (args: ActionFunctionArgs) => submitPlusMembership(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MembershipRoute() {
  const { state, packages, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <MembershipPage state={state} packages={packages} done={answer ? null : done} reply={answer ? readReply(answer.lastResult) : null} />
  );
}
