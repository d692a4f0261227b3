/**
 * The dashboard's earnings card (issue 28 item 6, ADR 095): what bundles, pay-per-view media, fan subscriptions and
 * tips brought in per day over the activity chart's range — stacked bars drawn on the server as SVG, the same in words,
 * and every value in a table. The range links are the activity card's (one ?range= for both).
 */
import { useTranslation } from "react-i18next";
import type { DashboardCharts } from "#server/contract/dashboard";
import { EARNING_SERIES } from "#server/contract/dashboard-series";
import type { Language } from "#server/contract/locales";
import * as ui from "~/styles/ui.css";
import { buildStackedChart } from "./chart";
import * as css from "./chart.css";
import { ChartSvg, ChartTable, formatChartDay } from "./ChartParts";

export function EarningsChart({ charts, lang }: { charts: DashboardCharts; lang: Language }) {
  const { t } = useTranslation("charts");
  const { t: tCommon } = useTranslation("common");
  const number = new Intl.NumberFormat(lang);
  const { earnings, days } = charts;
  const dollars = (amount: number) => tCommon("money.dollars", { count: amount, amount: number.format(amount) });
  const geometry = buildStackedChart({ days, series: EARNING_SERIES.map((key) => ({ key, values: earnings.series[key] })) });
  const summary = t("earnings.summary", {
    total: dollars(earnings.total),
    from: formatChartDay(days[0]!, lang, "long"),
    to: formatChartDay(days[days.length - 1]!, lang, "long"),
  });
  return (
    <section className={ui.card} aria-labelledby="earnings-title" data-testid="dashboard-earnings">
      <h2 id="earnings-title">{t("earnings.title")}</h2>
      <figure className={css.figure}>
        <ChartSvg
          geometry={geometry}
          id="earnings"
          title={t("earnings.svg_title", { days: charts.range })}
          summary={summary}
          testId="earnings-chart"
          lang={lang}
        >
          {geometry.stacks.map((stack) => (
            <g key={stack.day} data-day={stack.day} data-total={stack.total}>
              {stack.total > 0 ? (
                <title>{t("earnings.bar_title", { day: formatChartDay(stack.day, lang, "short"), value: dollars(stack.total) })}</title>
              ) : null}
              {stack.segments.map((segment) => (
                <rect
                  key={segment.key}
                  className={css.earningFill[segment.key as keyof typeof css.earningFill]}
                  x={segment.x}
                  y={segment.y}
                  width={segment.width}
                  height={segment.height}
                />
              ))}
            </g>
          ))}
        </ChartSvg>
        <figcaption className={css.caption}>
          <ul className={css.legend}>
            {EARNING_SERIES.map((key) => (
              <li key={key}>
                <span className={css.earningSwatch[key]} aria-hidden="true" /> {t(`earnings.series.${key}`)}:{" "}
                {dollars(earnings.totals[key])}
              </li>
            ))}
          </ul>
          <p data-testid="earnings-summary">{summary}</p>
          {earnings.total === 0 ? <p>{t("earnings.empty")}</p> : null}
          <p className={ui.muted}>{t("earnings.how_counted")}</p>
        </figcaption>
      </figure>
      <ChartTable
        testId="earnings-table"
        caption={t("earnings.svg_title", { days: charts.range })}
        days={days}
        lang={lang}
        columns={EARNING_SERIES.map((key) => ({ key, label: t(`earnings.series.${key}`), values: earnings.series[key] }))}
      />
    </section>
  );
}
