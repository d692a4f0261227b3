/** The dashboard charts (spec "dashboard charts"): the caller's own series, never anybody else's. */
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  CHART_SERIES,
  CHART_USER_TYPES,
  chartDayOf,
  chartDaysEnding,
  TRACKED_CHART_SERIES,
  type ChartSeriesKey,
  type DashboardChartRange,
  type DashboardCharts,
} from "../../contract/dashboard";
import { activityPerDay } from "../activity/index";
import { favoritesPerDay } from "../favorites/index";
import { newContactsPerDay } from "../inbox/index";
import { earningsPerDay } from "./earnings";

export async function dashboardCharts(deps: ApiDeps, user: AuthUser, range: DashboardChartRange): Promise<DashboardCharts> {
  if (!CHART_USER_TYPES.includes(user.userType)) throw fail.forbidden("exception.dashboard.no_charts_for_user_type");
  const days = chartDaysEnding(chartDayOf(deps.clock.now()), range);
  // Views and clicks: the activity tracker's distinct visitors per day, today's included (ADR 132).
  const activity = await activityPerDay(deps, user.id, days[0]!, days[days.length - 1]!);
  // Favorites kept now, by the day they were added (ADR 036).
  const favoritesByDay = await favoritesPerDay(deps, user.id, days[0]!, days[days.length - 1]!);
  // Contacts: members who wrote to this member for the first time, on that day (ADR 070).
  const contactsByDay = await newContactsPerDay(deps.db, user.id, days);
  const series: Record<ChartSeriesKey, number[]> = {
    views: days.map((day) => activity.get("profile_view")?.get(day) ?? 0),
    favorites: days.map((day) => favoritesByDay.get(day) ?? 0),
    contacts: days.map((day) => contactsByDay.get(day) ?? 0),
    phone_clicks: days.map((day) => activity.get("phone_click")?.get(day) ?? 0),
    website_clicks: days.map((day) => activity.get("website_click")?.get(day) ?? 0),
  };
  const totals = Object.fromEntries(CHART_SERIES.map((key) => [key, series[key].reduce((a, b) => a + b, 0)])) as Record<
    ChartSeriesKey,
    number
  >;
  // Earnings: what bundles, pay-per-view media, fan subscriptions and tips brought in per day (ADR 095).
  const earnings = await earningsPerDay(deps, user.id, days);
  return { range, days, series, totals, tracked: [...TRACKED_CHART_SERIES], earnings };
}
