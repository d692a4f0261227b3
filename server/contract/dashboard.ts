/**
 * The dashboard charts (spec section 7 "dashboard charts", issue 10 item 1): how often a member's profile
 * was viewed, favorited and contacted per day. ADR 033 says what a view is and what is stored about viewers.
 */
import * as v from "valibot";
import type { MyModeration } from "./moderation";
import type { ProfileCompleteness, SettingsIndex } from "./settings";
import { USER_TYPE } from "./users";

// The chart ranges: in ./dashboard-series (free of valibot, the charts read them in the browser).
import { DASHBOARD_CHART_RANGES, DEFAULT_CHART_RANGE, type DashboardChartRange, type EarningSeriesKey } from "./dashboard-series";
export { DASHBOARD_CHART_RANGES, DEFAULT_CHART_RANGE, type DashboardChartRange } from "./dashboard-series";

/**
 * Members whose profile others look at: escorts and businesses. A client's profile is seen by few
 * (members only, ADR 023) and they advertise nothing, so they get no charts.
 */
export const CHART_USER_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];

/** The calendar day views are counted in (the product is German-first; one day for everybody). */
export const CHART_TIME_ZONE = "Europe/Berlin";

export const CHART_SERIES = ["views", "favorites", "contacts", "phone_clicks", "website_clicks"] as const;
export type ChartSeriesKey = (typeof CHART_SERIES)[number];

/**
 * Series whose counter exists: all of them. Favorites are counted since issue 11 (ADR 036), contacts from the
 * messenger's threads since issue 25 (ADR 070: members who wrote to you for the first time, per day); views and the
 * clicks on a profile's phone number and website come from the activity tracker's rollup since issue 32 (ADR 132:
 * visitors who clicked, once a day each). A series added later without its counter stays out of this list, and the
 * chart says so.
 */
export const TRACKED_CHART_SERIES: readonly ChartSeriesKey[] = ["views", "favorites", "contacts", "phone_clicks", "website_clicks"];

export const dashboardChartsQuerySchema = v.strictObject(
  {
    range: v.optional(
      v.pipe(
        v.string("validation.invalid"),
        v.transform(Number),
        v.picklist(DASHBOARD_CHART_RANGES as unknown as number[], "validation.invalid"),
      ),
      String(DEFAULT_CHART_RANGE),
    ),
  },
  "validation.invalid",
);

/** GET /dashboard/charts: one value per day and series, oldest day first, the last day being today. */
export interface DashboardCharts {
  range: DashboardChartRange;
  /** Calendar days (YYYY-MM-DD in CHART_TIME_ZONE), as many as range. */
  days: string[];
  series: Record<ChartSeriesKey, number[]>;
  totals: Record<ChartSeriesKey, number>;
  /** Which series are counted today; the others are zeros until their feature exists. */
  tracked: ChartSeriesKey[];
  /** The member's earnings over the same days (issue 28 item 6, ADR 095). */
  earnings: DashboardEarnings;
}

/** YYYY-MM-DD of an instant in CHART_TIME_ZONE. */
// en-CA writes dates as YYYY-MM-DD. Made once: a formatter costs far more to build than to use (the tracker calls
// this for every event it stores).
const CHART_DAY_FORMAT = new Intl.DateTimeFormat("en-CA", {
  timeZone: CHART_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function chartDayOf(ms: number): string {
  return CHART_DAY_FORMAT.format(ms);
}

/** The `count` calendar days ending with `lastDay`, oldest first (calendar arithmetic, no time zone). */
export function chartDaysEnding(lastDay: string, count: number): string[] {
  const [y, m, d] = lastDay.split("-").map(Number) as [number, number, number];
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) days.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  return days;
}

// The earning series: in ./dashboard-series (free of valibot, the charts read them in the browser).
export { EARNING_SERIES, type EarningSeriesKey } from "./dashboard-series";

export interface DashboardEarnings {
  /** One value per day of DashboardCharts.days and kind, whole dollars. */
  series: Record<EarningSeriesKey, number[]>;
  totals: Record<EarningSeriesKey, number>;
  /** Everything earned in the range. */
  total: number;
}

/**
 * GET /dashboard: what the member's start page shows besides the charts, in one answer (ADR 160; was six calls:
 * consents, the registration steps, the settings index, the phone, the age check and the member's moderation).
 */
export interface DashboardOverview {
  /** How complete the profile is (from the registration steps' saved values); null for staff, who have none. */
  completeness: ProfileCompleteness | null;
  /** The settings pages this member has, by group (as GET /settings). */
  settings_groups: SettingsIndex["groups"];
  phone_verified: boolean;
  /**
   * The fsk18 age verification's status (as GET /verification/fsk18). Spelled out: ./age-verification imports the
   * responses' map, which imports this file (the contract's import graph has no loop); the service's assignment of an
   * AgeVerificationStatusName here fails to compile if the names change.
   */
  age_check: "init" | "pending" | "verified";
  /** When the special-category consent was given (ms), or null when it does not stand. */
  special_consent_granted_at: number | null;
  /** Texts waiting or refused lately (as GET /moderation/my), photos waiting, photos refused lately. */
  moderation: {
    texts: Array<Pick<MyModeration["texts"][number], "field" | "status" | "reason">>;
    media_pending: number;
    media_rejected: number;
  };
}
