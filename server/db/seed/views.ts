import { CHART_USER_TYPES, chartDayOf, chartDaysEnding } from "../../contract/dashboard";
import { DEMO_ACCOUNTS } from "./people";
import { insertAll, type SeedPart } from "./part";
import { createRandom } from "./random";

/** The longest chart range: the demo dashboards show a full history. */
const HISTORY_DAYS = 90;
const DEMO_USERNAMES: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((account) => account.username));
/** Friday, Saturday and Sunday (getUTCDay of a calendar day at midnight UTC). */
const WEEKEND_DAYS: readonly number[] = [0, 5, 6];

/**
 * The HISTORY_DAYS calendar days before today in the chart's time zone, oldest first. Calendar arithmetic,
 * not 24-hour steps back from now: across a DST change two such steps can land on the same Berlin day.
 */
export function demoViewDays(now: number): string[] {
  return chartDaysEnding(chartDayOf(now), HISTORY_DAYS + 1).slice(0, HISTORY_DAYS);
}

/**
 * Profile views of the past 90 days for the demo escort and businesses (ADR 033), so their dashboards show
 * a chart from the first start: a weekly rhythm with weekend peaks and slow growth, the same for every
 * seed run on a day. Today stays empty: real visits count there. Generated people get none (90 rows each).
 */
export const viewsPart: SeedPart = {
  name: "views",
  async write({ trx, people, idOf, now }) {
    const days = demoViewDays(now);
    const rows = people
      .filter((p) => DEMO_USERNAMES.has(p.username) && CHART_USER_TYPES.includes(p.userType))
      .flatMap((p) => {
        const rng = createRandom(`views:${p.username}`);
        return days.map((day, i) => {
          const weekend = WEEKEND_DAYS.includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 1.6 : 1;
          const trend = 1 + (i + 1) / HISTORY_DAYS;
          return { user_id: idOf(p), day, views: Math.round(rng.int(2, 8) * weekend * trend) };
        });
      });
    await insertAll(trx, "profile_view_days", rows);
  },
};
