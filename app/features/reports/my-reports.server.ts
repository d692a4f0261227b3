/** user/reports (issue 11 item 5, ADR 038): the member's own reports with their state and the decision. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fetchOwnReports } from "~/api/reports.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadMyReports({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
  const reports = await fetchOwnReports(createApiClient({ request, context }), page);
  if (!reports.ok) throw new Response(null, { status: reports.status === 401 ? 401 : 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("reports.mine.title"), reports: reports.data }, { headers: PRIVATE_HEADERS });
}
