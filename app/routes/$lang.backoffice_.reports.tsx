/**
 * backoffice/reports: open reports and their decisions for team and backend accounts (ADR 038); a 404 for
 * everyone else. A thin adapter over app/features/reports.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeReportsPage } from "~/features/reports/BackofficeReportsPage";
import { loadReportQueue, submitReportDecision } from "~/features/reports/backoffice-reports.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["reports", "age-verification", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadReportQueue(args);

export const action = (args: ActionFunctionArgs) => submitReportDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeReportsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeReportsPage queue={queue} done={done} failure={failure} />;
}
