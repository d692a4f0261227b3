/** The dashboard group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { dashboardChartsQuerySchema } from "../dashboard";

export const dashboardOps = {
  charts: defineOperation({
    method: "get",
    path: "/api/v2/dashboard/charts",
    query: dashboardChartsQuerySchema,
    response: "DashboardCharts",
    camelize: false,
  }),
};
