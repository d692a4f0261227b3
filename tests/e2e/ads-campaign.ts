/** The ads specs' shared step: staff create a search campaign for one city in the back office, without JavaScript. */
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, logIn } from "./fixtures";

/** Signs in as the demo team member, creates the campaign and answers its card in the back office. */
export async function newSearchCampaign(page: Page, name: string, city: string): Promise<Locator> {
  await logIn(page, "demo_team", DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/backoffice/ads");
  const create = page.getByTestId("ads-new-campaign");
  await create.locator("summary").click();
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Beginn").fill("2026-01-01");
  await create.getByRole("checkbox", { name: "search", exact: true }).check();
  await create.getByLabel("Städte, durch Komma getrennt (leer: alle)").fill(city);
  await create.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByTestId("ads-saved")).toBeVisible();
  return page.getByTestId("ad-campaign").filter({ has: page.getByRole("heading", { name }) });
}
