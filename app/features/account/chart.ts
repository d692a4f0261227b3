/**
 * The dashboard chart's geometry, computed on the server (no JavaScript in the browser): bars for the
 * first series, lines for the others, a y axis with round steps and a few day labels. Pure numbers in a
 * fixed viewBox; ActivityChart.tsx draws them as SVG and says the same in words and in a table.
 */

export const CHART_WIDTH = 400;
export const CHART_HEIGHT = 180;
const PAD = { top: 10, right: 8, bottom: 24, left: 36 };
/** At most this many day labels under the axis (they must not overlap at 390 px). */
const MAX_X_LABELS = 5;

export interface ChartInput {
  /** YYYY-MM-DD, oldest first. */
  days: string[];
  /** The first is drawn as bars, the others as lines; every values array is as long as days. */
  series: Array<{ key: string; values: number[] }>;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { x: number; y: number; width: number; height: number };
  /** y axis: from 0 to max in round steps. */
  yTicks: Array<{ value: number; y: number }>;
  yMax: number;
  bars: Array<{ day: string; value: number; x: number; y: number; width: number; height: number }>;
  lines: Array<{ key: string; points: string }>;
  xLabels: Array<{ day: string; x: number }>;
}

/** The smallest 1, 2 or 5 × 10ⁿ step that fits the maximum in at most four steps (never below 1). */
export function niceStep(max: number): number {
  const raw = Math.max(1, max) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    const step = factor * magnitude;
    if (step >= raw) return Math.max(1, step);
  }
  return 10 * magnitude;
}

const round = (n: number) => Math.round(n * 10) / 10;

export function buildChart(input: ChartInput): ChartGeometry {
  const count = input.days.length;
  for (const series of input.series) {
    if (series.values.length !== count) throw new Error(`series ${series.key} has ${series.values.length} values for ${count} days`);
  }
  const plot = { x: PAD.left, y: PAD.top, width: CHART_WIDTH - PAD.left - PAD.right, height: CHART_HEIGHT - PAD.top - PAD.bottom };
  const max = Math.max(0, ...input.series.flatMap((series) => series.values));
  const step = niceStep(max);
  const yMax = Math.max(step, Math.ceil(max / step) * step);
  const yOf = (value: number) => round(plot.y + plot.height - (value / yMax) * plot.height);
  const yTicks: ChartGeometry["yTicks"] = [];
  for (let value = 0; value <= yMax; value += step) yTicks.push({ value, y: yOf(value) });

  const slot = count > 0 ? plot.width / count : plot.width;
  const centerOf = (i: number) => round(plot.x + slot * i + slot / 2);
  const barWidth = round(Math.max(1, slot * 0.7));
  const [first, ...rest] = input.series;
  const bars = first
    ? first.values.map((value, i) => {
        const y = yOf(value);
        return {
          day: input.days[i]!,
          value,
          x: round(centerOf(i) - barWidth / 2),
          y,
          width: barWidth,
          height: round(plot.y + plot.height - y),
        };
      })
    : [];
  const lines = rest.map((series) => ({
    key: series.key,
    points: series.values.map((value, i) => `${centerOf(i)},${yOf(value)}`).join(" "),
  }));

  // Evenly spaced labels that always include the last day (today).
  const every = Math.max(1, Math.ceil(count / MAX_X_LABELS));
  const xLabels: ChartGeometry["xLabels"] = [];
  for (let i = count - 1; i >= 0; i -= every) xLabels.unshift({ day: input.days[i]!, x: centerOf(i) });

  return { width: CHART_WIDTH, height: CHART_HEIGHT, plot, yTicks, yMax, bars, lines, xLabels };
}

export interface StackedChartGeometry extends Omit<ChartGeometry, "bars" | "lines"> {
  /** Per day, one segment per series with a value, stacked from the axis up in the series' order. */
  stacks: Array<{
    day: string;
    total: number;
    segments: Array<{ key: string; value: number; x: number; y: number; width: number; height: number }>;
  }>;
}

/** The earnings chart (issue 28 item 6): one bar per day, its series stacked, on the same axes as buildChart. */
export function buildStackedChart(input: ChartInput): StackedChartGeometry {
  const count = input.days.length;
  const totals = input.days.map((_, i) => input.series.reduce((sum, series) => sum + (series.values[i] ?? 0), 0));
  const base = buildChart({ days: input.days, series: [{ key: "total", values: totals }] });
  const { plot, yMax } = base;
  const scale = (value: number) => (value / yMax) * plot.height;
  const stacks = base.bars.map((bar, i) => {
    let top = plot.y + plot.height;
    const segments = input.series
      .filter((series) => (series.values[i] ?? 0) > 0)
      .map((series) => {
        const value = series.values[i]!;
        const height = round(scale(value));
        top = round(top - height);
        return { key: series.key, value, x: bar.x, y: top, width: bar.width, height };
      });
    return { day: bar.day, total: totals[i]!, segments };
  });
  if (stacks.length !== count) throw new Error("one stack per day");
  const { bars: _bars, lines: _lines, ...axes } = base;
  return { ...axes, stacks };
}
