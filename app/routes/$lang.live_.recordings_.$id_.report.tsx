/** live/recordings/{id}/report: a member reports a recording (issue 31 item 5, ADR 126). A thin adapter over app/features/live-chat. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { LiveReportPage } from "~/features/live-chat/LiveReportPage";
import { loadLiveReport, submitLiveReport } from "~/features/live-chat/report.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live-chat", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLiveReport(args, "recording");

export const action = (args: ActionFunctionArgs) => submitLiveReport(args, "recording");

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function LiveReportRoute() {
  const { kind, title, backPath, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <LiveReportPage kind={kind} title={title} backPath={backPath} done={done} failure={answer ? readReply(answer.lastResult) : null} />
  );
}
