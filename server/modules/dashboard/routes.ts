import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import type { DashboardChartRange } from "../../contract/dashboard";
import { dashboardOps } from "../../contract/operations/dashboard";
import { dashboardCharts } from "./service";

/** The member's dashboard data: always the caller's own (there is no parameter naming a member). */
export function registerDashboard({ v2 }: ModuleContext): void {
  v2.add(
    dashboardOps.charts,
    {
      summary:
        "The caller's profile views, favorites and contacts per day for the last `range` days (7, 30 or 90; default 30), oldest first, " +
        "days in Europe/Berlin. A view is a profile detail fetched by someone else, one per viewer and day. " +
        "Favorites and contacts are zeros until those features count them (`tracked` names the counted series). " +
        "Escorts and businesses only: 403 exception.dashboard.no_charts_for_user_type for other members; unknown parameters are 400.",
      tag: "dashboard",
      auth: "required",
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => ok(c, await dashboardCharts(c.get("deps"), user!, query.range as DashboardChartRange)),
  );
}
