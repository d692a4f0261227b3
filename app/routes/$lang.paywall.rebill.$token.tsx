/** paywall/rebill/{token} (spec section 2 "Payment"; issue 26 item 5). A thin adapter over app/features/renewals. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { RebillPage } from "~/features/renewals/RebillPage";
import { loadRebill, REBILL_HEADERS, submitRebill } from "~/features/renewals/rebill.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["rebill"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadRebill(args);

export const action = (args: ActionFunctionArgs) => submitRebill(args);

export const headers = () => REBILL_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function RebillRoute() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  return <RebillPage view={view} answer={answer} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
