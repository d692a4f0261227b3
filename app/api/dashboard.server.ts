/** The dashboard group's endpoints, as the web tier calls them. */
import type { DashboardChartRange, DashboardCharts } from "#server/contract/dashboard";
import type { ApiClient, ApiResult } from "./client.server";

/** GET /dashboard/charts: the member's own views, favorites and contacts per day (series keys are data: not camelized). */
export function fetchDashboardCharts(api: ApiClient, range: DashboardChartRange): Promise<ApiResult<DashboardCharts>> {
  return api.call<DashboardCharts>("/api/v2/dashboard/charts", { params: { range: String(range) }, camelize: false, handleErrors: true });
}
