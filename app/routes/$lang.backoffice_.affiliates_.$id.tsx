/** backoffice/affiliates/{id} (issue 32 item 6, ADR 135): one partner's report by month and its on/off switch (ADR 139). A thin adapter over app/features/affiliates. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { AffiliateReportPage } from "~/features/affiliates/AffiliatePages";
import { loadAffiliateReport, submitAffiliateState } from "~/features/affiliates/backoffice.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["affiliates", "accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAffiliateReport(args);

export const action = (args: ActionFunctionArgs) => submitAffiliateState(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAffiliateReportRoute() {
  const { report, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <AffiliateReportPage report={report} done={failure ? null : done} failure={failure} />;
}
