/**
 * Revenue per day or month (ADR 080): a chart drawn on the server as SVG (no script), net and VAT stacked per bar,
 * refunds and chargebacks already subtracted (a bar below the line: more went back than came in), and the same
 * figures in a table under it — the table is what screen readers and a printout read.
 */
import { useTranslation } from "react-i18next";
import { REVENUE_GRANULARITIES } from "#server/contract/accounting";
import type { RevenueData } from "~/api/accounting.server";
import * as ui from "~/styles/ui.css";
import { FilterForm, type FilterField } from "./FilterForm";
import { useMoneyFormat } from "./format";
import * as css from "./money.css";
import { MoneyNav } from "./MoneyNav";

const FILTERS: readonly FilterField[] = [
  { name: "granularity", kind: "select", options: REVENUE_GRANULARITIES, optionKey: "revenue.granularities", noAny: true },
  { name: "from", kind: "date" },
  { name: "to", kind: "date" },
];

const WIDTH = 480;
const HEIGHT = 280;
const PAD = { left: 4, right: 4, top: 30, bottom: 34 };

type Bucket = RevenueData["buckets"][number];

function RevenueChart({ buckets, labelOf }: { buckets: Bucket[]; labelOf: (key: string) => string }) {
  const { t } = useTranslation("accounting");
  const f = useMoneyFormat();
  const top = Math.max(0, ...buckets.map((b) => b.grossCents));
  const bottom = Math.min(0, ...buckets.map((b) => b.grossCents));
  const span = top - bottom || 1;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (cents: number) => PAD.top + ((top - cents) / span) * plotHeight;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, buckets.length);
  const barWidth = Math.max(1, slot * 0.7);
  const zero = y(0);
  // Three labels along the axis: the first, the middle and the last period.
  const labelled = new Set([0, Math.floor((buckets.length - 1) / 2), buckets.length - 1]);
  return (
    <svg className={css.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="revenue-chart-title revenue-chart-desc">
      <title id="revenue-chart-title">{t("accounting.revenue.chart_title")}</title>
      <desc id="revenue-chart-desc">
        {t("accounting.revenue.chart_desc", {
          from: labelOf(buckets[0]?.key ?? ""),
          to: labelOf(buckets.at(-1)?.key ?? ""),
          max: f.euros(top),
        })}
      </desc>
      <text x={PAD.left} y={20} className={css.axisText}>
        {f.euros(top)}
      </text>
      {buckets.map((b, i) => {
        const x = PAD.left + i * slot + (slot - barWidth) / 2;
        if (b.grossCents < 0)
          return (
            <rect key={b.key} x={x} y={zero} width={barWidth} height={y(b.grossCents) - zero} className={css.barNegative}>
              <title>{`${labelOf(b.key)}: ${f.euros(b.grossCents)}`}</title>
            </rect>
          );
        const netTop = y(Math.max(0, b.netCents));
        return (
          <g key={b.key}>
            <title>{`${labelOf(b.key)}: ${f.euros(b.grossCents)}`}</title>
            <rect x={x} y={netTop} width={barWidth} height={zero - netTop} className={css.barNet} />
            <rect
              x={x}
              y={y(Math.max(0, b.grossCents))}
              width={barWidth}
              height={netTop - y(Math.max(0, b.grossCents))}
              className={css.barVat}
            />
          </g>
        );
      })}
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={zero} y2={zero} className={css.axis} />
      {buckets.map((b, i) =>
        labelled.has(i) ? (
          <text
            key={b.key}
            x={PAD.left + i * slot + slot / 2}
            y={HEIGHT - 10}
            className={css.axisText}
            textAnchor={i === 0 ? "start" : i === buckets.length - 1 ? "end" : "middle"}
          >
            {labelOf(b.key)}
          </text>
        ) : null,
      )}
    </svg>
  );
}

export function RevenuePage({
  revenue,
  filter,
  errors,
}: {
  revenue: RevenueData | null;
  filter: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const { t, i18n } = useTranslation("accounting");
  const f = useMoneyFormat();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: "short", year: "numeric", timeZone: "UTC" });
  const labelOf = (key: string) => (key.length === 7 ? monthName.format(new Date(`${key}-01T00:00:00Z`)) : f.day(key));
  const amount = (cents: number) => <span className={cents < 0 ? css.negative : undefined}>{f.euros(cents)}</span>;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("accounting.revenue.title")}</h1>
        <MoneyNav current="revenue" />
        <FilterForm fields={FILTERS} values={filter} errors={errors} resetTo="?" />
        {revenue ? (
          <>
            <section className={`${ui.card} ${ui.stack}`} aria-labelledby="revenue-period">
              <h2 id="revenue-period" className={ui.sectionTitle}>
                {t("accounting.revenue.period", { from: f.day(revenue.from), to: f.day(revenue.to) })}
              </h2>
              <p data-testid="revenue-total">
                {t("accounting.revenue.total", {
                  gross: f.euros(revenue.total.grossCents),
                  net: f.euros(revenue.total.netCents),
                  vat: f.euros(revenue.total.vatCents),
                })}
              </p>
              <RevenueChart buckets={revenue.buckets} labelOf={labelOf} />
              <ul className={css.legend}>
                <li>
                  <span className={css.swatch} aria-hidden="true">
                    <svg width="12" height="12" aria-hidden="true">
                      <rect width="12" height="12" className={css.barNet} />
                    </svg>
                  </span>
                  {t("accounting.columns.net")}
                </li>
                <li>
                  <span className={css.swatch} aria-hidden="true">
                    <svg width="12" height="12" aria-hidden="true">
                      <rect width="12" height="12" className={css.barVat} />
                    </svg>
                  </span>
                  {t("accounting.columns.vat")}
                </li>
                <li>
                  <span className={css.swatch} aria-hidden="true">
                    <svg width="12" height="12" aria-hidden="true">
                      <rect width="12" height="12" className={css.barNegative} />
                    </svg>
                  </span>
                  {t("accounting.revenue.negative")}
                </li>
              </ul>
            </section>
            <div className={css.tableWrap}>
              <table className={css.table} data-testid="revenue-table">
                <caption className={ui.muted}>{t("accounting.revenue.table_caption")}</caption>
                <thead>
                  <tr>
                    <th className={css.cell} scope="col">
                      {t(revenue.granularity === "day" ? "accounting.revenue.day" : "accounting.revenue.month")}
                    </th>
                    <th className={css.num} scope="col">
                      {t("accounting.revenue.sales")}
                    </th>
                    <th className={css.num} scope="col">
                      {t("accounting.revenue.deducted")}
                    </th>
                    <th className={css.num} scope="col">
                      {t("accounting.columns.gross")}
                    </th>
                    <th className={css.num} scope="col">
                      {t("accounting.columns.net")}
                    </th>
                    <th className={css.num} scope="col">
                      {t("accounting.columns.vat")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {revenue.buckets.map((b) => (
                    <tr key={b.key}>
                      <th className={css.cell} scope="row">
                        {labelOf(b.key)}
                      </th>
                      <td className={css.num}>{f.euros(b.salesGrossCents)}</td>
                      <td className={css.num}>{f.euros(b.deductedGrossCents)}</td>
                      <td className={css.num}>{amount(b.grossCents)}</td>
                      <td className={css.num}>{amount(b.netCents)}</td>
                      <td className={css.num}>{amount(b.vatCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </div>
    </main>
  );
}
