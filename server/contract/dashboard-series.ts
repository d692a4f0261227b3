/**
 * The dashboard charts' ranges and earning series (issue 10 item 1, issue 28 item 6), free of valibot: the charts
 * link the ranges and draw the series in the browser, and contract/dashboard.ts builds valibot schemas at load
 * (ADR 155). contract/dashboard.ts re-exports these.
 */
/** Chart ranges in days (the dashboard offers each as a link); the default is the middle one. */
export const DASHBOARD_CHART_RANGES = [7, 30, 90] as const;
export type DashboardChartRange = (typeof DASHBOARD_CHART_RANGES)[number];
export const DEFAULT_CHART_RANGE: DashboardChartRange = 30;

/**
 * Issue 28 item 6 (ADR 095): a creator's earnings per day, in dollars, by what earned them — bundles, pay-per-view
 * media, fan subscriptions (the ledger's creator sales, by their reference `bundle:`, `medium:`, `fans:`) and tips
 * (TRANSFER) — read from the ledger's transfers into the member's pending account, on the day they arrived.
 */
export const EARNING_SERIES = ["bundles", "ppv", "fans", "tips"] as const;
export type EarningSeriesKey = (typeof EARNING_SERIES)[number];
