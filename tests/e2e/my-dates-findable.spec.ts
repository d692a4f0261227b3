import type { Page } from "@playwright/test";
import { DEMO, expect, listedClient, logIn, noJsMemberPage, test } from "./fixtures";

/**
 * Issue 25 item 4, without JavaScript at 390 px: "Meine Dates" is in the header of every member who has dates
 * (clients, escorts, businesses) and on their dashboard, each with the count of what waits for the member (an
 * answer or a review; ADR 070); its stage tabs are one row that shows only stages holding a date.
 */

/** The header's count, the dashboard card's count and what my_date's tabs say waits (answer + review). */
async function counts(page: Page) {
  await page.goto("/de/my_dashboard");
  const header = Number(await page.getByTestId("nav-dates").getAttribute("data-dates-waiting"));
  const card = Number(await page.getByTestId("dashboard-dates").getAttribute("data-waiting"));
  return { header, card };
}

test("a client reaches Meine Dates from the header and the dashboard, both with the waiting count", async ({ page }) => {
  await logIn(page, DEMO.client, DEMO.password);
  await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  // demo_client has a request to answer and a date to review (README), so something waits.
  const { header, card: cardCount } = await counts(page);
  expect(header).toBeGreaterThan(0);
  expect(cardCount).toBe(header);
  const link = page.getByTestId("nav-dates");
  await expect(link).toBeVisible();
  await expect(link).toHaveAccessibleName(`Meine Dates, ${header} offen`);
  await expect(link.locator("span").last()).toHaveText(String(header));
  // The card names each kind with its count and links its stage; together they are the header's count.
  const card = page.getByTestId("dashboard-dates");
  const lines = await card.locator("li[data-stage]").allTextContents();
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.map((line) => Number(line.split(": ")[1])).reduce((a, b) => a + b, 0)).toBe(header);
  const toAnswer = card.getByRole("link", { name: /^Anfragen zu beantworten: \d+$/ });
  if ((await toAnswer.count()) > 0) {
    await toAnswer.click();
    await expect(page).toHaveURL(/\/de\/my_date\?stage=needs_confirmation$/);
    await expect(page.getByTestId("date-stage-needs_confirmation")).toHaveAttribute("aria-current", "page");
    await page.goto("/de/my_dashboard");
  }

  // The header link leads there; the tabs' waiting stages add up to the same count.
  await link.click();
  await expect(page).toHaveURL(/\/de\/my_date$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meine Dates");
  const waitingTabs = await Promise.all(
    ["needs_confirmation", "needs_review"].map(async (stage) => {
      const tab = page.getByTestId(`date-stage-${stage}`);
      return (await tab.count()) === 0 ? 0 : Number((await tab.getAttribute("aria-label"))?.split(": ")[1]);
    }),
  );
  expect(waitingTabs.reduce((a, b) => a + b, 0)).toBe(header);

  // And the dashboard's card leads there too.
  await page.goto("/de/my_dashboard");
  await page.getByTestId("dashboard-dates").getByRole("link", { name: "Alle deine Dates" }).click();
  await expect(page).toHaveURL(/\/de\/my_date$/);
});

test("the stage tabs fit a phone: one row with counts, the empty stages left out", async ({ page, browser, request, clientIp }) => {
  // demo_client has a date in every stage: all nine tabs, still one row (it scrolls sideways, never wraps).
  await logIn(page, DEMO.client, DEMO.password);
  await page.goto("/de/my_date");
  const bar = page.getByTestId("date-stages");
  const tabs = bar.getByRole("link");
  expect(await tabs.count()).toBeGreaterThan(5);
  const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect((await bar.boundingBox())!.height).toBeLessThan(60);
  await expect(page.getByTestId("date-stage-all")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("date-stage-all")).toContainText(/^Alle\d+$/);
  await page.screenshot({ path: "test-results/shots/my-date-client.png" });

  // A new client has no date: only "Alle 0", no count in the header, and the dashboard says nothing waits.
  const fresh = await listedClient(request, clientIp, 1);
  const other = await noJsMemberPage(browser, clientIp, fresh);
  await other.goto("/de/my_date");
  await expect(other.getByTestId("date-stages").getByRole("link")).toHaveCount(1);
  await expect(other.getByTestId("date-stage-all")).toHaveAccessibleName("Alle: 0");
  await expect(other.getByTestId("dates-empty")).toBeVisible();
  await expect(other.getByTestId("nav-dates")).toHaveAttribute("data-dates-waiting", "0");
  await expect(other.getByTestId("nav-dates").locator("span")).toHaveCount(1); // the label only, no count
  // A stage asked for by its address stays reachable and marked, even while empty.
  await other.goto("/de/my_date?stage=needs_review");
  await expect(other.getByTestId("date-stage-needs_review")).toHaveAttribute("aria-current", "page");
  await expect(other.getByTestId("date-stages").getByRole("link")).toHaveCount(2);
  await other.goto("/de/my_dashboard");
  await expect(other.getByTestId("dashboard-dates")).toContainText("Gerade wartet kein Date auf dich.");
  await other.screenshot({ path: "test-results/shots/dashboard-fresh-client.png" });
  await other.context().close();
});

for (const username of [DEMO.escort, DEMO.agency, "demo_club"]) {
  test(`${username} has Meine Dates in the header and on the dashboard`, async ({ page }) => {
    await logIn(page, username, DEMO.password);
    await expect(page).toHaveURL(/\/de\/my_dashboard$/);
    const { header, card } = await counts(page);
    expect(card).toBe(header);
    await expect(page.getByTestId("nav-dates")).toBeVisible();
    await page.getByTestId("nav-dates").click();
    await expect(page).toHaveURL(/\/de\/my_date$/);
  });
}

test("staff accounts have no dates: no link in the header, no card", async ({ page }) => {
  await logIn(page, "demo_team", DEMO.password);
  await page.goto("/de/my_dashboard");
  await expect(page.getByTestId("dashboard-greeting")).toBeVisible();
  await expect(page.getByTestId("nav-dates")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-dates")).toHaveCount(0);
});
