/**
 * The dashboard chart (issue 10 item 1): geometry computed on the server and drawn as SVG with a title,
 * a description, per-bar titles and a table, dates and numbers in the page's language.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { DashboardCharts } from "#server/contract/dashboard";
import { chartDaysEnding } from "#server/contract/dashboard";
import { ActivityFigure, formatChartDay } from "~/features/account/ActivityChart";
import { buildChart, buildStackedChart, CHART_HEIGHT, niceStep } from "~/features/account/chart";
import { serverI18n } from "~/i18n/i18next.server";

function chartsOf(views: number[], lastDay = "2026-11-25"): DashboardCharts {
  const days = chartDaysEnding(lastDay, views.length);
  const zeros = views.map(() => 0);
  return {
    range: 7,
    days,
    series: { views, favorites: zeros, contacts: zeros, phone_clicks: zeros, website_clicks: zeros },
    totals: { views: views.reduce((a, b) => a + b, 0), favorites: 0, contacts: 0, phone_clicks: 0, website_clicks: 0 },
    tracked: ["views"],
    earnings: {
      series: { bundles: zeros, ppv: zeros, fans: zeros, tips: zeros },
      totals: { bundles: 0, ppv: 0, fans: 0, tips: 0 },
      total: 0,
    },
  };
}

describe("buildChart", () => {
  it("steps the y axis in round numbers above the maximum", () => {
    expect([0, 1, 3, 4, 5, 9, 17, 40, 1234].map(niceStep)).toEqual([1, 1, 1, 1, 2, 5, 5, 10, 500]);
    const geometry = buildChart({ days: chartDaysEnding("2026-11-25", 3), series: [{ key: "views", values: [0, 7, 3] }] });
    expect(geometry.yMax).toBe(8);
    expect(geometry.yTicks.map((tick) => tick.value)).toEqual([0, 2, 4, 6, 8]);
  });

  it("draws bars proportional to their values on a shared baseline, each in its own slot", () => {
    const geometry = buildChart({ days: chartDaysEnding("2026-11-25", 4), series: [{ key: "views", values: [0, 2, 4, 8] }] });
    const [zero, two, four, eight] = geometry.bars;
    expect(zero!.height).toBe(0);
    expect(four!.height).toBeCloseTo(2 * two!.height, 0);
    expect(eight!.height).toBeCloseTo(geometry.plot.height, 0);
    for (const bar of geometry.bars) expect(bar.y + bar.height).toBeCloseTo(geometry.plot.y + geometry.plot.height, 0);
    for (let i = 1; i < geometry.bars.length; i++)
      expect(geometry.bars[i]!.x).toBeGreaterThan(geometry.bars[i - 1]!.x + geometry.bars[i - 1]!.width);
    expect(Math.max(...geometry.bars.map((bar) => bar.x + bar.width))).toBeLessThanOrEqual(geometry.width);
  });

  it("draws the other series as lines and labels at most five days, always today", () => {
    const days = chartDaysEnding("2026-11-25", 30);
    const geometry = buildChart({
      days,
      series: [
        { key: "views", values: days.map((_, i) => i) },
        { key: "favorites", values: days.map(() => 0) },
      ],
    });
    expect(geometry.lines).toHaveLength(1);
    expect(geometry.lines[0]!.points.split(" ")).toHaveLength(30);
    // All zeros lie on the baseline.
    expect(new Set(geometry.lines[0]!.points.split(" ").map((p) => p.split(",")[1]))).toEqual(new Set([String(CHART_HEIGHT - 24)]));
    expect(geometry.xLabels.length).toBeLessThanOrEqual(5);
    expect(geometry.xLabels.at(-1)!.day).toBe("2026-11-25");
  });

  it("keeps an all-zero chart drawable and refuses series of the wrong length", () => {
    const geometry = buildChart({ days: chartDaysEnding("2026-11-25", 7), series: [{ key: "views", values: Array(7).fill(0) }] });
    expect(geometry.yMax).toBe(1);
    expect(geometry.bars.every((bar) => bar.height === 0)).toBe(true);
    expect(() => buildChart({ days: chartDaysEnding("2026-11-25", 7), series: [{ key: "views", values: [1] }] })).toThrow(
      /1 values for 7 days/,
    );
  });
});

describe("ActivityFigure", () => {
  function render(lang: "de" | "en" | "es" | "pl", views: number[]) {
    return renderToStaticMarkup(
      <I18nextProvider i18n={serverI18n(lang)}>
        <ActivityFigure charts={chartsOf(views)} lang={lang} />
      </I18nextProvider>,
    );
  }

  it("renders an accessible SVG with title, description, a bar per day with views and the values as a table", () => {
    const html = render("de", [0, 0, 1200, 0, 3, 0, 5]);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="activity-svg-title activity-svg-desc"/);
    expect(html).toContain('<title id="activity-svg-title">Profilaufrufe, Favoriten und Kontakte der letzten 7 Tage</title>');
    // German numbers and dates: 1.208 views from 19. November 2026 to 25. November 2026.
    expect(html).toContain("1.208 Profilaufrufe, 0 Favoriten und 0 Kontakte vom 19. November 2026 bis 25. November 2026.");
    expect(html).toContain("Die meisten Aufrufe: 1.200 am 21. November 2026.");
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).toContain("<title>21. Nov.: 1.200 Aufrufe</title>");
    expect(html.match(/<tr[ >]/g)).toHaveLength(8); // header + 7 days
    expect(html).not.toContain("charts.");
  });

  it("says so when nobody looked, and speaks the page's language", () => {
    expect(render("en", Array(7).fill(0))).toContain("Nobody has looked at your profile in this period yet.");
    expect(render("en", [0, 0, 0, 0, 0, 0, 2500])).toContain("2,500 profile views");
    expect(render("pl", [0, 0, 0, 0, 0, 0, 2500])).toContain("od 19 listopada 2026 do 25 listopada 2026");
    expect(formatChartDay("2026-03-05", "es", "long")).toBe("5 de marzo de 2026");
  });
});

describe("buildStackedChart (the earnings chart, ADR 095)", () => {
  it("stacks each day's kinds from the axis up, on an axis over the day's total", () => {
    const days = chartDaysEnding("2026-11-25", 3);
    const geometry = buildStackedChart({
      days,
      series: [
        { key: "bundles", values: [0, 10, 0] },
        { key: "tips", values: [0, 5, 3] },
      ],
    });
    expect(geometry.yMax).toBeGreaterThanOrEqual(15);
    expect(geometry.stacks.map((stack) => stack.total)).toEqual([0, 15, 3]);
    expect(geometry.stacks[0]!.segments).toEqual([]);
    const [bundles, tips] = geometry.stacks[1]!.segments;
    // The first kind sits on the axis, the next on top of it, and together they are as tall as the total.
    expect(bundles!.y + bundles!.height).toBeCloseTo(geometry.plot.y + geometry.plot.height, 0);
    expect(tips!.y + tips!.height).toBeCloseTo(bundles!.y, 0);
    expect(bundles!.height + tips!.height).toBeCloseTo((15 / geometry.yMax) * geometry.plot.height, 0);
    expect(geometry.stacks[2]!.segments.map((s) => s.key)).toEqual(["tips"]);
  });
});
