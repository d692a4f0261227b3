/**
 * The account pages' honest states (issue 10, issue 26), with JavaScript off: membership, invoices and forum
 * notifications show the member's real state (plus or not, until when; no invoices yet with the billing address form,
 * no forum subscriptions), for a client, a plus client and an escort.
 * And the dashboard lists the member's own photos and texts waiting for the team (the seeded queue).
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";

const MEMBER = "demo_member";

async function visitStatePages(page: Page, username: string) {
  await logIn(page, username, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/user");
  const group = page.getByTestId("settings-account_membership");
  await expect(group.getByRole("link", { name: /Mitgliedschaft/ })).toBeVisible();
  await expect(group.getByRole("link", { name: /Forum-Benachrichtigungen/ })).toBeVisible();
  await group.getByRole("link", { name: /Rechnungen & Zahlungsdaten/ }).click();
  await expect(page).toHaveURL(/\/de\/user\/billing_invoices$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rechnungen & Zahlungsdaten");
  await expect(page.getByTestId("billing-invoices-empty")).toContainText("Noch keine Rechnungen.");
  // The billing address form (issue 26): nothing saved yet, the fields ready to be filled in.
  await expect(page.getByRole("heading", { name: "Rechnungsadresse" })).toBeVisible();
  await expect(page.getByLabel(/Straße/)).toHaveValue("");

  const forum = await page.goto("/de/user/forum_notifications");
  expect(forum?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forum-Benachrichtigungen");
  await expect(page.getByTestId("forum-empty")).toHaveText("Du folgst keinen Forenthemen.");
  await expect(page.getByTestId("forum-email")).toContainText("@");

  const membership = await page.goto("/de/user/membership");
  expect(membership?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mitgliedschaft");
  // The plus contract (issue 26): the member's plan, or the packages to buy.
  await expect(page.getByTestId("plus-contract")).toBeVisible();
}

test("a client without plus: basic membership, the client benefits, no invoices, no forum subscriptions", async ({ page }) => {
  await visitStatePages(page, DEMO.client);
  await expect(page.getByTestId("plus-contract")).toContainText("Du hast die kostenlose Basis-Mitgliedschaft.");
  const benefits = page.getByTestId("membership-benefits");
  await expect(benefits.getByRole("heading")).toHaveText("Das bringt dir Plus");
  await expect(benefits.locator("[data-benefit]")).toHaveCount(7);
  await expect(benefits.locator('[data-benefit="advanced_filters"]')).toBeVisible();
  await expect(page.getByTestId("plus-packages").locator('[data-package="plus_client_1m"]')).toContainText("29,90 €");
});

test("a client with plus sees it running and until when, on the membership and the billing page", async ({ page }) => {
  await visitStatePages(page, MEMBER);
  // plus.spec.ts cancels and restores demo_member's contract meanwhile: running or cancelled, plus runs either way.
  await expect(page.getByTestId("plus-status")).toHaveText(/^(Läuft|Gekündigt)$/);
  await expect(page.getByTestId("plus-contract")).toContainText("Plus 1 Monat");
  await expect(page.getByTestId("membership-benefits").getByRole("heading")).toHaveText("Das bringt dir Plus");
});

test("an escort: the benefits for profiles, the same honest empty states", async ({ page }) => {
  await visitStatePages(page, DEMO.escort);
  const benefits = page.getByTestId("membership-benefits");
  await expect(benefits.locator('[data-benefit="better_search_position"]')).toHaveText("Bessere Platzierung in der Suche");
  await expect(benefits.locator('[data-benefit="advanced_filters"]')).toHaveCount(0);
});

test("the dashboard lists the member's own photo and text waiting for the team, with links to where they are", async ({
  page,
  request,
  clientIp,
}) => {
  const headers = { "x-forwarded-for": clientIp, "accept-language": "de" };
  const token = await request.post("/oauth/v2/token", {
    headers,
    form: { grant_type: "password", username: "demo_team", password: DEMO.password },
  });
  const { access_token: teamToken } = (await token.json()) as { access_token: string };
  const queue = await request.get("/api/v2/backoffice/queue", { headers: { ...headers, authorization: `Bearer ${teamToken}` } });
  expect(queue.status()).toBe(200);
  const items = ((await queue.json()) as { data: { items: Array<{ kind: string; field?: string; owner: { username: string } }> } }).data
    .items;
  // The seed gives a few escorts a waiting photo and a waiting status text each.
  const owner = items.find((item) => item.kind === "text" && item.field === "status")!.owner.username;
  expect(items.some((item) => item.kind === "media" && item.owner.username === owner)).toBe(true);

  await logIn(page, owner, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/my_dashboard");
  const card = page.getByTestId("dashboard-moderation");
  await expect(card.getByRole("heading")).toHaveText("Wartet auf Freigabe");
  await expect(card.getByTestId("moderation-media-pending")).toHaveText("1 Foto wird geprüft");
  await expect(card.locator('[data-field="status"]')).toHaveText("Status-Text: wird geprüft.");
  await card.getByRole("link", { name: "Status-Text: wird geprüft." }).click();
  await expect(page).toHaveURL(/\/de\/user\/status_description$/);
  await page.goto("/de/my_dashboard");
  await page.getByTestId("moderation-media-pending").getByRole("link").click();
  await expect(page).toHaveURL(/\/de\/user\/media_gallery$/);

  // A member with nothing under review gets no card.
  await page.context().clearCookies();
  await logIn(page, DEMO.client, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/my_dashboard");
  await expect(page.getByTestId("dashboard-greeting")).toBeVisible();
  await expect(page.getByTestId("dashboard-moderation")).toHaveCount(0);
});
