/** backoffice/affiliates/{id} (issue 32 item 6, ADR 135): one partner's report by month. A thin adapter over app/features/affiliates. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AffiliateReportPage } from "~/features/affiliates/AffiliatePages";
import { loadAffiliateReport } from "~/features/affiliates/backoffice.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["affiliates", "accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAffiliateReport(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAffiliateReportRoute() {
  const { report } = useLoaderData<typeof loader>();
  return <AffiliateReportPage report={report} />;
}
