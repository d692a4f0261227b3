/** /{lang}/support/sso?return_to=… (spec section 2): sign-on to the help desk. A thin adapter over app/features/helpdesk (ADR 134). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { loadSupportSignOn } from "~/features/helpdesk/helpdesk.server";
import { SupportSignOnPage } from "~/features/helpdesk/SupportSignOnPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["helpdesk"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSupportSignOn(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function SupportSignOnRoute() {
  const { state, errorKey } = useLoaderData<typeof loader>();
  return <SupportSignOnPage state={state} errorKey={errorKey} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
