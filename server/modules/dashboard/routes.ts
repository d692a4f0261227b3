import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import type { DashboardChartRange } from "../../contract/dashboard";
import { dashboardOps } from "../../contract/operations/dashboard";
import { dashboardOverview } from "./overview";
import { dashboardCharts } from "./service";

/** The member's dashboard data: always the caller's own (there is no parameter naming a member). */
export function registerDashboard({ v2 }: ModuleContext): void {
  v2.add(
    dashboardOps.overview,
    {
      summary:
        "What the caller's start page shows besides the charts, in one answer: the profile's completeness (null for staff), " +
        "the settings pages by group (as GET /settings), whether the phone is verified, the fsk18 age check's status, when " +
        "the special-category consent was given (null when it does not stand), and the texts waiting or refused lately, " +
        "photos waiting and photos refused lately (as GET /moderation/my).",
      tag: "dashboard",
      auth: "required",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await dashboardOverview(c.get("deps"), user!)),
  );
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
