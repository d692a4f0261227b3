/** The dashboard group's endpoints, as the web tier calls them. */
import type { DashboardChartRange } from "#server/contract/dashboard";
import { dashboardOps } from "#server/contract/operations/dashboard";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

/** GET /dashboard/charts: the member's own views, favorites and contacts per day (series keys are data: not camelized). */
export function fetchDashboardCharts(api: ApiClient, range: DashboardChartRange): Promise<ApiResult<DataOf<typeof dashboardOps.charts>>> {
  return api.op(dashboardOps.charts, { query: { range }, handleErrors: true });
}

/** GET /dashboard: the start page's completeness, settings groups, phone, age check, consent and moderation in one call. */
export function fetchDashboardOverview(api: ApiClient): Promise<ApiResult<DataOf<typeof dashboardOps.overview>>> {
  return api.op(dashboardOps.overview, { handleErrors: true });
}
