import { existsSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * The back office's queues as one (issue 30 item 5, ADR 119, 122), on a server of this spec's own: claims hold items
 * across the whole content queue, so they must not reach into the shared server's moderation tests. Without
 * JavaScript: the overview counts every queue; a team member claims an item and a backend colleague (a second browser)
 * sees who holds it, and his decision on it is refused with the translated message next to the item; "take next"
 * lands him on the oldest item nobody holds; deciding releases the claim. With JavaScript: j/k move between items,
 * c claims the current one, ? opens the help. Phone screenshots (390 px, JavaScript off) of the pages with the bar.
 */
const PORT = 3736;
const SHOTS = "/work/notes/shots";

async function pageOn(browser: Browser, base: string, javaScriptEnabled = false): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  return context.newPage();
}

async function logInAt(page: Page, username: string) {
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

/** The ids of the content queue's items in page order (oldest first), with their claim state. */
async function itemsOf(page: Page) {
  return page.locator("[data-queue-item]").evaluateAll((nodes) =>
    nodes.map((node) => ({
      id: node.id,
      claim: node.querySelector("[data-testid=claim-bar]")?.getAttribute("data-claim") ?? null,
    })),
  );
}

test.describe.configure({ mode: "serial" });

let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startOwnServer(PORT);
});
test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

test("without JavaScript: counts, a claim another staff member sees and cannot decide, take next, a decision releases", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) => (existsSync(SHOTS) ? `${SHOTS}/queues-${name}.png` : testInfo.outputPath(`queues-${name}-390.png`));
  const team = await pageOn(browser, server.base);
  const backend = await pageOn(browser, server.base);
  await logInAt(team, "demo_team");
  await logInAt(backend, "demo_backend");

  // The overview: every queue with its count; the demo's content queue has waiting photos and texts.
  await team.goto("/de/backoffice/queues");
  await expect(team.getByRole("heading", { level: 1, name: "Warteschlangen" })).toBeVisible();
  const content = team.locator('[data-testid=queues-home] [data-queue="content"]');
  await expect(content.getByTestId("queue-open")).toHaveText(/^\d+ offen$/);
  const open = Number((await content.getByTestId("queue-open").innerText()).split(" ")[0]);
  expect(open).toBeGreaterThanOrEqual(2);
  await expect(team.locator('[data-testid=queues-home] [data-queue="reviews"]').getByTestId("queue-open")).toHaveText("Nichts offen");
  await team.screenshot({ path: shot("home"), fullPage: true });

  // The content queue's page: the way around with the same count, oldest first, nobody holds anything.
  await content.getByRole("link").click();
  await expect(team).toHaveURL(/\/de\/backoffice$/);
  const nav = team.getByTestId("queue-nav");
  await expect(nav.locator('[data-queue="content"]')).toHaveAttribute("aria-current", "page");
  await expect(nav.locator('[data-queue="content"]')).toContainText(String(open));
  const before = await itemsOf(team);
  expect(before.length).toBe(open);
  expect(before.every((item) => item.claim === "none")).toBe(true);
  await team.screenshot({ path: shot("content"), fullPage: true });

  // The team member claims the oldest item.
  const first = team.locator(`[id="${before[0]!.id}"]`);
  await first.getByRole("button", { name: "Übernehmen" }).click();
  await expect(team.getByTestId("claim-notice")).toContainText("Übernommen");
  await expect(team.locator(`[id="${before[0]!.id}"] [data-testid=claim-bar]`)).toHaveAttribute("data-claim", "mine");
  await expect(team.locator(`[id="${before[0]!.id}"] [data-testid=claim-bar]`)).toContainText("Von dir übernommen bis");

  // The colleague sees who holds it; it offers him no claim button, and his decision on it is refused.
  await backend.goto("/de/backoffice");
  const held = backend.locator(`[id="${before[0]!.id}"]`);
  await expect(held.getByTestId("claim-bar")).toHaveAttribute("data-claim", "other");
  await expect(held.getByTestId("claim-bar")).toContainText("In Bearbeitung von demo_team bis");
  await expect(held.getByRole("button", { name: "Übernehmen" })).toHaveCount(0);
  await held.getByRole("button", { name: "Freigeben", exact: true }).click();
  await expect(backend.locator(`[id="${before[0]!.id}"]`)).toContainText("demo_team bearbeitet diesen Eintrag gerade.");
  await backend.screenshot({ path: shot("claimed-by-other"), fullPage: true });

  // Take next: the oldest item nobody else holds — the second one — claimed for him, the page scrolled to it.
  await backend.goto("/de/backoffice");
  await backend.getByTestId("take-next").click();
  await expect(backend).toHaveURL(new RegExp(`#${before[1]!.id.replace(".", "\\.")}$`));
  await expect(backend.locator(`[id="${before[1]!.id}"] [data-testid=claim-bar]`)).toHaveAttribute("data-claim", "mine");
  await expect(backend.getByTestId("claim-notice")).toContainText("Übernommen");

  // The team member decides her item: the claim goes with the decision, and the item leaves the queue.
  await team.goto("/de/backoffice");
  await team.locator(`[id="${before[0]!.id}"]`).getByRole("button", { name: "Freigeben", exact: true }).click();
  await expect(team.getByTestId("backoffice-notice")).toBeVisible();
  await expect(team.locator(`[id="${before[0]!.id}"]`)).toHaveCount(0);
  // He gives his back: the item is free for anyone again.
  await backend.goto("/de/backoffice");
  await backend.locator(`[id="${before[1]!.id}"]`).getByRole("button", { name: "Zurückgeben" }).click();
  await expect(backend.getByTestId("claim-notice")).toContainText("Zurückgegeben");
  const after = await itemsOf(backend);
  expect(after.map((item) => item.id)).not.toContain(before[0]!.id);
  expect(after.every((item) => item.claim === "none")).toBe(true);
  await expect(backend.getByTestId("queue-nav").locator('[data-queue="content"]')).toContainText(String(open - 1));

  // Other queue pages carry the same bar (screenshots at 390 px).
  for (const [name, path] of [
    ["reviews", "/de/backoffice/reviews"],
    ["reports", "/de/backoffice/reports"],
    ["verifications", "/de/backoffice/verifications"],
    ["promotions", "/de/backoffice/promotions"],
    ["payouts", "/de/backoffice/payouts"],
  ] as const) {
    await backend.goto(path);
    await expect(backend.getByTestId("queue-nav").locator(`[data-queue="${name}"]`)).toHaveAttribute("aria-current", "page");
    await expect(backend.getByTestId("take-next")).toBeVisible();
    // Without JavaScript the shortcuts' help is not offered.
    await expect(backend.locator("[data-queue-shortcuts]")).toBeHidden();
    await backend.screenshot({ path: shot(name), fullPage: true });
  }
});

test("with JavaScript: j and k move between items, c claims the current one, ? opens the help", async ({ browser }) => {
  test.setTimeout(60_000);
  const team = await pageOn(browser, server.base, true);
  await logInAt(team, "demo_team");
  await team.goto("/de/backoffice");
  const help = team.locator("[data-queue-shortcuts]");
  await expect(help).toBeVisible();
  await expect(help).not.toHaveAttribute("open", "");
  await team.keyboard.press("?");
  await expect(help).toHaveAttribute("open", "");
  await expect(help).toContainText("nächster Eintrag");

  const ids = await team.locator("[data-queue-item]").evaluateAll((nodes) => nodes.map((node) => node.id));
  expect(ids.length).toBeGreaterThanOrEqual(2);
  await team.keyboard.press("j");
  await expect(team.locator(`[id="${ids[0]}"]`)).toHaveAttribute("data-current", "true");
  await team.keyboard.press("j");
  await expect(team.locator(`[id="${ids[1]}"]`)).toHaveAttribute("data-current", "true");
  await expect(team.locator(`[id="${ids[0]}"]`)).toHaveAttribute("data-current", "false");
  await team.keyboard.press("k");
  await expect(team.locator(`[id="${ids[0]}"]`)).toHaveAttribute("data-current", "true");
  // Typing into a field stays the field's.
  await team.locator(`[id="${ids[0]}"] select`).first().focus();
  await team.keyboard.press("j");
  await expect(team.locator(`[id="${ids[0]}"]`)).toHaveAttribute("data-current", "true");
  await team.locator("h1").click();
  // c claims the current item (its plain form): back on the page, anchored to it and held.
  await team.keyboard.press("c");
  await expect(team).toHaveURL(new RegExp(`#${ids[0]!.replace(".", "\\.")}$`));
  await expect(team.locator(`[id="${ids[0]}"] [data-testid=claim-bar]`)).toHaveAttribute("data-claim", "mine");
  await expect(team.locator(`[id="${ids[0]}"]`)).toHaveAttribute("data-current", "true");
  await team.locator(`[id="${ids[0]}"]`).getByRole("button", { name: "Zurückgeben" }).click();
  await expect(team.getByTestId("claim-notice")).toContainText("Zurückgegeben");
});
