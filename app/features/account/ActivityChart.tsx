/**
 * The dashboard's activity card: the member's profile views per day as an SVG drawn on the server
 * (bars; favorites and contacts as lines), the same in words, and every value in a table (for screen
 * readers and anyone who prefers numbers). Range links work without JavaScript.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ChartSeriesKey, DashboardCharts } from "#server/contract/dashboard";
import { DASHBOARD_CHART_RANGES } from "#server/contract/dashboard-series";
import type { Language } from "#server/contract/locales";
import * as ui from "~/styles/ui.css";
import { buildChart } from "./chart";
import * as css from "./chart.css";
import { ChartSvg, ChartTable, formatChartDay } from "./ChartParts";

export { formatChartDay };

const LINE_SERIES: ChartSeriesKey[] = ["favorites", "contacts"];
/** Clicks on the profile's phone number and website (the activity tracker, ADR 132): in words and in the table. */
const CLICK_SERIES = ["phone_clicks", "website_clicks"] as const satisfies readonly ChartSeriesKey[];

export function ActivityChart({
  charts,
  lang,
  rangePath,
}: {
  charts: DashboardCharts;
  lang: Language;
  rangePath: (range: number) => string;
}) {
  const { t } = useTranslation("charts");
  return (
    <section className={ui.card} aria-labelledby="activity-title" data-testid="dashboard-activity">
      <h2 id="activity-title">{t("charts.title")}</h2>
      <nav aria-label={t("charts.range_label")} className={css.ranges}>
        {DASHBOARD_CHART_RANGES.map((range) => (
          <Link
            key={range}
            to={rangePath(range)}
            className={css.range}
            aria-current={range === charts.range ? "true" : undefined}
            preventScrollReset
          >
            {t("charts.range_days", { days: range })}
          </Link>
        ))}
      </nav>
      <ActivityFigure charts={charts} lang={lang} />
    </section>
  );
}

/** The chart, its words and its table (no links: rendered on its own in tests/web/account). */
export function ActivityFigure({ charts, lang }: { charts: DashboardCharts; lang: Language }) {
  const { t } = useTranslation("charts");
  const number = new Intl.NumberFormat(lang);
  const geometry = buildChart({
    days: charts.days,
    series: [{ key: "views", values: charts.series.views }, ...LINE_SERIES.map((key) => ({ key, values: charts.series[key] }))],
  });
  const first = charts.days[0]!;
  const last = charts.days[charts.days.length - 1]!;
  const peakIndex = charts.series.views.reduce((best, value, i, all) => (value > all[best]! ? i : best), 0);
  const peak = charts.series.views[peakIndex]!;
  const summary = t("charts.summary", {
    views: number.format(charts.totals.views),
    favorites: number.format(charts.totals.favorites),
    contacts: number.format(charts.totals.contacts),
    from: formatChartDay(first, lang, "long"),
    to: formatChartDay(last, lang, "long"),
  });
  const untracked = LINE_SERIES.filter((key) => !charts.tracked.includes(key));
  return (
    <>
      <figure className={css.figure}>
        <ChartSvg
          geometry={geometry}
          id="activity"
          title={t("charts.svg_title", { days: charts.range })}
          summary={summary}
          testId="activity-chart"
          lang={lang}
        >
          {geometry.bars.map((bar) =>
            bar.value > 0 ? (
              <rect key={bar.day} className={css.bar} x={bar.x} y={bar.y} width={bar.width} height={bar.height} data-value={bar.value}>
                <title>{t("charts.bar_title", { day: formatChartDay(bar.day, lang, "short"), value: number.format(bar.value) })}</title>
              </rect>
            ) : null,
          )}
          {geometry.lines.map((line) => (
            <polyline key={line.key} className={line.key === "favorites" ? css.lineFavorites : css.lineContacts} points={line.points} />
          ))}
        </ChartSvg>
        <figcaption className={css.caption}>
          <ul className={css.legend}>
            <li>
              <span className={css.swatchViews} aria-hidden="true" /> {t("charts.series.views")}
            </li>
            {LINE_SERIES.map((key) => (
              <li key={key}>
                <span className={key === "favorites" ? css.swatchFavorites : css.swatchContacts} aria-hidden="true" />{" "}
                {t(`charts.series.${key}`)}
              </li>
            ))}
          </ul>
          <p data-testid="activity-summary">{summary}</p>
          <p>
            {peak > 0
              ? t("charts.peak", { value: number.format(peak), day: formatChartDay(charts.days[peakIndex]!, lang, "long") })
              : t("charts.empty")}
          </p>
          {untracked.length > 0 ? <p className={ui.muted}>{t("charts.untracked")}</p> : null}
          <p className={ui.muted}>{t("charts.how_counted")}</p>
          <p data-testid="activity-clicks">
            {t("charts.clicks_summary", {
              phone: number.format(charts.totals.phone_clicks),
              website: number.format(charts.totals.website_clicks),
            })}
          </p>
          {charts.tracked.includes("contacts") ? (
            <p className={ui.muted} data-testid="activity-contacts-counted">
              {t("charts.contacts_counted")}
            </p>
          ) : null}
        </figcaption>
      </figure>
      <ChartTable
        testId="activity-table"
        caption={t("charts.svg_title", { days: charts.range })}
        days={charts.days}
        lang={lang}
        columns={(["views", ...LINE_SERIES, ...CLICK_SERIES] as const).map((key) => ({
          key,
          label: t(`charts.series.${key}`),
          values: charts.series[key],
        }))}
      />
    </>
  );
}
