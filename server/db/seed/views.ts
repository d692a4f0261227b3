import { CHART_USER_TYPES, chartDayOf } from "../../contract/dashboard";
import { DEMO_ACCOUNTS } from "./people";
import { insertAll, type SeedPart } from "./part";
import { createRandom } from "./random";

const DAY = 24 * 60 * 60 * 1000;
/** The longest chart range: the demo dashboards show a full history. */
const HISTORY_DAYS = 90;
const DEMO_USERNAMES: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((account) => account.username));

/**
 * Profile views of the past 90 days for the demo escort and businesses (ADR 033), so their dashboards show
 * a chart from the first start: a weekly rhythm with weekend peaks and slow growth, the same for every
 * seed run on a day. Today stays empty: real visits count there. Generated people get none (90 rows each).
 */
export const viewsPart: SeedPart = {
  name: "views",
  async write({ trx, people, idOf, now }) {
    const rows = people
      .filter((p) => DEMO_USERNAMES.has(p.username) && CHART_USER_TYPES.includes(p.userType))
      .flatMap((p) => {
        const rng = createRandom(`views:${p.username}`);
        return Array.from({ length: HISTORY_DAYS }, (_, i) => {
          const daysAgo = HISTORY_DAYS - i;
          const at = now - daysAgo * DAY;
          const weekend = [0, 5, 6].includes(new Date(at).getUTCDay()) ? 1.6 : 1;
          const trend = 1 + (HISTORY_DAYS - daysAgo) / HISTORY_DAYS;
          return { user_id: idOf(p), day: chartDayOf(at), views: Math.round(rng.int(2, 8) * weekend * trend) };
        });
      });
    await insertAll(trx, "profile_view_days", rows);
  },
};
