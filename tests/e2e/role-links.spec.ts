import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

/**
 * Issue 25 item 7: the dashboard and the settings index link nothing that answers 404 (or 5xx) for the member who
 * sees them. For every demo role, without JavaScript: log in, collect every same-site link of the two pages
 * (the header, the page and the footer) and open each with the member's cookies. A page a role cannot use must
 * not be linked (contract/settings settingsKeyShownTo decides which settings a role has).
 */
const ROLES = ["demo_client", "demo_escort", "demo_agency", "demo_club", "demo_member", "demo_team", "demo_backend"] as const;
const START_PAGES = ["/de/my_dashboard", "/de/user"] as const;

/** The same-site links of the page, without their fragment; the logout is a form, never a link. */
async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await page.locator("a[href]").evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs.filter((href) => href.startsWith(origin)).map((href) => href.replace(/#.*$/, ""));
}

for (const role of ROLES) {
  test(`${role}: every link of the dashboard and the settings index answers`, async ({ page }) => {
    test.slow();
    await logIn(page, role, DEMO.password);
    await expect(page).not.toHaveURL(/\/login/);
    const links = new Set<string>();
    for (const start of START_PAGES) {
      const response = await page.goto(start);
      expect(response?.status(), start).toBe(200);
      for (const link of await linksOf(page)) links.add(link);
    }
    // Visiting them changes nothing a link should change (a GET); the page's own cookies carry the session.
    const broken: string[] = [];
    for (const link of links) {
      const answer = await page.request.get(link, { maxRedirects: 5 });
      if (answer.status() === 404 || answer.status() >= 500)
        broken.push(`${answer.status()} ${new URL(link).pathname}${new URL(link).search}`);
    }
    expect(broken, `links of ${role}'s dashboard and settings that do not answer`).toEqual([]);
    expect(links.size).toBeGreaterThan(10);
  });
}
