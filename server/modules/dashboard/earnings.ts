/**
 * The creator's earnings per day (issue 28 item 6, ADR 095): the ledger's transfers into the member's pending account
 * — where a creator sale and a tip land (server/modules/ledger/operations.ts creatorSale, tip) — summed per calendar
 * day in CHART_TIME_ZONE and per kind of sale. Read from the ledger itself, so the chart is what was booked.
 */
import type { ApiDeps } from "../../api/types";
import { chartDayOf, EARNING_SERIES, type DashboardEarnings, type EarningSeriesKey } from "../../contract/dashboard";

const HOUR = 60 * 60 * 1000;

/**
 * What an operation into a creator's pending account earned them: a creator sale (CONSUME) by what its reference
 * names, a tip (TRANSFER) whatever it was on; anything else (none today) is not an earning of these kinds.
 */
export function earningSeriesOf(kind: string, reference: string | null): EarningSeriesKey | null {
  if (kind === "TRANSFER") return "tips";
  if (kind !== "CONSUME" || reference === null) return null;
  if (reference.startsWith("bundle:")) return "bundles";
  if (reference.startsWith("medium:")) return "ppv";
  if (reference.startsWith("fans:")) return "fans";
  return null;
}

/** `days` (YYYY-MM-DD, oldest first, in CHART_TIME_ZONE): the member's earnings on each. */
export async function earningsPerDay(deps: Pick<ApiDeps, "db">, userId: number, days: readonly string[]): Promise<DashboardEarnings> {
  const index = new Map(days.map((day, i) => [day, i]));
  const [y, m, d] = days[0]!.split("-").map(Number) as [number, number, number];
  // Berlin's day starts at most two hours before UTC's: from there on, every row is placed by its Berlin day below.
  const from = Date.UTC(y, m - 1, d) - 2 * HOUR;
  const rows = await deps.db
    .selectFrom("ledger_accounts as a")
    .innerJoin("ledger_transfers as t", "t.to_account_id", "a.id")
    .innerJoin("ledger_operations as o", "o.id", "t.operation_id")
    .select(["t.amount", "t.created_at", "o.kind", "o.reference"])
    .where("a.user_id", "=", userId)
    .where("a.purpose", "=", "pending")
    .where("a.currency", "=", "dollar")
    .where("t.created_at", ">=", from)
    .execute();
  const series = Object.fromEntries(EARNING_SERIES.map((key) => [key, days.map(() => 0)])) as Record<EarningSeriesKey, number[]>;
  for (const row of rows) {
    const key = earningSeriesOf(row.kind, row.reference);
    const i = index.get(chartDayOf(Number(row.created_at)));
    if (key === null || i === undefined) continue;
    series[key][i]! += Number(row.amount);
  }
  const totals = Object.fromEntries(EARNING_SERIES.map((key) => [key, series[key].reduce((a, b) => a + b, 0)])) as Record<
    EarningSeriesKey,
    number
  >;
  return { series, totals, total: EARNING_SERIES.reduce((sum, key) => sum + totals[key], 0) };
}
