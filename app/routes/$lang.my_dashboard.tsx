/** my_dashboard (issue 10 item 1). A thin adapter over app/features/account. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { allErrors, readReply } from "~/components/form/reply";
import { loadDashboard, submitDashboard } from "~/features/account/dashboard.server";
import { DashboardPage } from "~/features/account/DashboardPage";
import { pageMeta, PRIVATE_HEADERS } from "~/utils/seo";

// No JavaScript (ADR 178): links, two plain forms and the charts drawn on the server; nothing here runs in the browser.
export const handle = { i18n: ["account", "charts", "moderation", "favorites"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadDashboard(args);

export const action = (args: ActionFunctionArgs) => submitDashboard(args);

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  pageMeta({ title: data?.title ?? "", origin: "", pathname: location.pathname, noindex: true });

export default function Dashboard() {
  return (
    <DashboardPage {...useLoaderData<typeof loader>()} formErrors={allErrors(readReply(useActionData<typeof action>()?.lastResult))} />
  );
}
