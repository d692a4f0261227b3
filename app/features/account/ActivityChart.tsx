/**
 * The dashboard's activity card: the member's profile views per day as an SVG drawn on the server
 * (bars; favorites and contacts as lines), the same in words, and every value in a table (for screen
 * readers and anyone who prefers numbers). Range links work without JavaScript.
 */
import { Link } from "@remix-run/react";
import { format } from "date-fns";
import { de, enGB, es, pl } from "date-fns/locale";
import { useTranslation } from "react-i18next";
import { DASHBOARD_CHART_RANGES, type ChartSeriesKey, type DashboardCharts } from "#server/contract/dashboard";
import type { Language } from "#server/contract/locales";
import * as ui from "~/styles/ui.css";
import { buildChart } from "./chart";
import * as css from "./chart.css";

const DAY_FORMATS: Record<Language, { short: string; long: string; locale: typeof de }> = {
  de: { short: "d. MMM", long: "d. MMMM yyyy", locale: de },
  en: { short: "d MMM", long: "d MMMM yyyy", locale: enGB },
  es: { short: "d MMM", long: "d 'de' MMMM 'de' yyyy", locale: es },
  pl: { short: "d MMM", long: "d MMMM yyyy", locale: pl },
};

/** A calendar day (YYYY-MM-DD) in the page's language; read as a local date so no time zone shifts it. */
export function formatChartDay(day: string, lang: Language, length: "short" | "long"): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const { locale, ...patterns } = DAY_FORMATS[lang];
  return format(new Date(y, m - 1, d), patterns[length], { locale });
}

const LINE_SERIES: ChartSeriesKey[] = ["favorites", "contacts"];

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
        <svg
          className={css.svg}
          viewBox={`0 0 ${geometry.width} ${geometry.height}`}
          role="img"
          aria-labelledby="activity-svg-title activity-svg-desc"
          data-testid="activity-chart"
        >
          <title id="activity-svg-title">{t("charts.svg_title", { days: charts.range })}</title>
          <desc id="activity-svg-desc">{summary}</desc>
          {geometry.yTicks.map((tick) => (
            <g key={tick.value}>
              <line className={css.grid} x1={geometry.plot.x} x2={geometry.plot.x + geometry.plot.width} y1={tick.y} y2={tick.y} />
              <text className={css.axisText} x={geometry.plot.x - 4} y={tick.y} textAnchor="end" dominantBaseline="middle">
                {number.format(tick.value)}
              </text>
            </g>
          ))}
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
          {geometry.xLabels.map((label) => (
            <text key={label.day} className={css.axisText} x={label.x} y={geometry.height - 6} textAnchor="middle">
              {formatChartDay(label.day, lang, "short")}
            </text>
          ))}
        </svg>
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
          {charts.tracked.includes("contacts") ? (
            <p className={ui.muted} data-testid="activity-contacts-counted">
              {t("charts.contacts_counted")}
            </p>
          ) : null}
        </figcaption>
      </figure>
      <details className={css.details}>
        <summary className={css.detailsSummary}>{t("charts.table_toggle")}</summary>
        <div className={css.tableWrap}>
          <table className={css.table} data-testid="activity-table">
            <caption className="visually-hidden">{t("charts.svg_title", { days: charts.range })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("charts.table_day")}</th>
                <th scope="col">{t("charts.series.views")}</th>
                <th scope="col">{t("charts.series.favorites")}</th>
                <th scope="col">{t("charts.series.contacts")}</th>
              </tr>
            </thead>
            <tbody>
              {[...charts.days.keys()].reverse().map((i) => (
                <tr key={charts.days[i]} data-day={charts.days[i]}>
                  <th scope="row">{formatChartDay(charts.days[i]!, lang, "short")}</th>
                  <td>{number.format(charts.series.views[i]!)}</td>
                  <td>{number.format(charts.series.favorites[i]!)}</td>
                  <td>{number.format(charts.series.contacts[i]!)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
