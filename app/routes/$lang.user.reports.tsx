/** user/reports (issue 11 item 5, ADR 038): the member's own reports. A thin adapter over app/features/reports. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MyReportsPage } from "~/features/reports/MyReportsPage";
import { loadMyReports } from "~/features/reports/my-reports.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMyReports(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MyReportsRoute() {
  const { title, reports } = useLoaderData<typeof loader>();
  return <MyReportsPage title={title} reports={reports} />;
}
