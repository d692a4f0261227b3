/**
 * What the dashboard's two charts share (activity, earnings): the SVG frame with its grid, value ticks and day
 * labels around the chart's own marks, and the table of every value behind a toggle (the chart in numbers).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { StackedChartGeometry } from "./chart";
import * as css from "./chart.css";
import { formatChartDay } from "./chart-days";

/** The charts' day labels (date-fns left the dashboard's bundle, ADR 149). */
export { formatChartDay };

type Frame = Pick<StackedChartGeometry, "width" | "height" | "plot" | "yTicks" | "xLabels">;

export function ChartSvg({
  geometry,
  id,
  title,
  summary,
  testId,
  lang,
  children,
}: {
  geometry: Frame;
  /** Prefix of the title's and description's ids ("activity", "earnings"). */
  id: string;
  title: string;
  summary: string;
  testId: string;
  lang: Language;
  /** The chart's own marks: bars, stacks, lines. */
  children: ReactNode;
}) {
  const number = new Intl.NumberFormat(lang);
  return (
    <svg
      className={css.svg}
      viewBox={`0 0 ${geometry.width} ${geometry.height}`}
      role="img"
      aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
      data-testid={testId}
    >
      <title id={`${id}-svg-title`}>{title}</title>
      <desc id={`${id}-svg-desc`}>{summary}</desc>
      {geometry.yTicks.map((tick) => (
        <g key={tick.value}>
          <line className={css.grid} x1={geometry.plot.x} x2={geometry.plot.x + geometry.plot.width} y1={tick.y} y2={tick.y} />
          <text className={css.axisText} x={geometry.plot.x - 4} y={tick.y} textAnchor="end" dominantBaseline="middle">
            {number.format(tick.value)}
          </text>
        </g>
      ))}
      {children}
      {geometry.xLabels.map((label) => (
        <text key={label.day} className={css.axisText} x={label.x} y={geometry.height - 6} textAnchor="middle">
          {formatChartDay(label.day, lang, "short")}
        </text>
      ))}
    </svg>
  );
}

/** Every value of the chart, newest day first, behind a toggle. */
export function ChartTable({
  testId,
  caption,
  days,
  lang,
  columns,
}: {
  testId: string;
  caption: string;
  days: readonly string[];
  lang: Language;
  columns: ReadonlyArray<{ key: string; label: string; values: readonly number[] }>;
}) {
  const { t } = useTranslation("charts");
  const number = new Intl.NumberFormat(lang);
  return (
    <details className={css.details}>
      <summary className={css.detailsSummary}>{t("charts.table_toggle")}</summary>
      <div className={css.tableWrap}>
        <table className={css.table} data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t("charts.table_day")}</th>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days.keys()].reverse().map((i) => (
              <tr key={days[i]} data-day={days[i]}>
                <th scope="row">{formatChartDay(days[i]!, lang, "short")}</th>
                {columns.map((column) => (
                  <td key={column.key}>{number.format(column.values[i]!)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
