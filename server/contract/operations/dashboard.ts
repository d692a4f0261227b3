/** The dashboard group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { dashboardChartsQuerySchema } from "../dashboard";

export const dashboardOps = {
  overview: defineOperation({ method: "get", path: "/api/v2/dashboard", response: "DashboardOverview" }),
  charts: defineOperation({
    method: "get",
    path: "/api/v2/dashboard/charts",
    query: dashboardChartsQuerySchema,
    response: "DashboardCharts",
    // The series are keyed by data (views, favorites, contacts per day): read as the API spells them.
    camelize: false,
  }),
};
