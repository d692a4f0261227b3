import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

/**
 * Dashboard charts (issue 10 item 1, ADR 033), without JavaScript: a seeded escort's dashboard draws her
 * profile views as an SVG chart; a member looking at her profile (twice: a reload) adds one view today.
 * The escort is the nearest of Dresden (seededEscortNear: the Dresden tests that hide an escort or send her
 * on tour take theirs from the end, so the front stays put).
 */
async function dresdenEscort(request: APIRequestContext, clientIp: string): Promise<string> {
  return seededEscortNear(request, clientIp, 51.0504, 13.7373, 0);
}

/** Today's views in the chart's table (the table is the chart's text version; its rows carry their day). */
async function viewsToday(page: Page): Promise<number> {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  const cell = page.getByTestId("activity-table").locator(`tr[data-day="${today}"] td`).first();
  return Number((await cell.textContent())?.replace(/\D/g, ""));
}

test("an escort's dashboard charts her profile views; a member's visit counts once a day", async ({ page, request, clientIp }) => {
  const escort = await dresdenEscort(request, clientIp);
  await logIn(page, escort, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  const activity = page.getByTestId("dashboard-activity");
  await expect(activity.getByRole("heading", { level: 2 })).toHaveText("Aktivität deines Profils");
  const before = await viewsToday(page);

  // A client looks at her profile, then reloads it.
  await page.context().clearCookies();
  await logIn(page, DEMO.client, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  // Clients have no charts.
  await expect(page.getByTestId("dashboard-activity")).toHaveCount(0);
  await page.goto(`/de/p/${escort}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.reload();

  await page.context().clearCookies();
  await logIn(page, escort, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  expect(await viewsToday(page)).toBe(before + 1);
  const chart = page.getByTestId("activity-chart");
  await expect(chart).toBeVisible();
  await expect(chart.locator("title").first()).toHaveText("Profilaufrufe, Favoriten und Kontakte der letzten 30 Tage");
  // At least today's bar, with its own title in German.
  await expect(chart.locator("rect").last().locator("title")).toHaveText(/^\d+\. [A-ZÄÖÜ][a-zä]+\.?: \d+ Aufrufe$/);
  await expect(page.getByTestId("activity-summary")).toContainText(/^\d+ Profilaufrufe, 0 Favoriten und 0 Kontakte vom /);
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(300);
  expect(box!.width).toBeLessThanOrEqual(390);

  // Another range through a plain link.
  await activity.getByRole("link", { name: "7 Tage" }).click();
  await expect(page).toHaveURL(/\/de\/my_dashboard\?range=7$/);
  await expect(activity.getByRole("link", { name: "7 Tage" })).toHaveAttribute("aria-current", "true");
  await expect(chart.locator("title").first()).toHaveText("Profilaufrufe, Favoriten und Kontakte der letzten 7 Tage");
  await expect(page.getByTestId("activity-table").locator("tbody tr")).toHaveCount(7);
});
