/**
 * The promotion profile without JavaScript at 390 px (issue 27 item 3, ADR 090): a fresh escort listed in her city
 * buys dollars through the checkout's fake provider, buys a promotion profile on promotion/profile (a short headline
 * refused at its field first, the input kept; then headline and photo), reads that it waits for the team and her new
 * balance in the header; the team accepts it in the back office, and her card stands in the marked "Anzeige" slot of
 * her city's directory page and of the search's first page. A second escort's promotion is rejected with a reason:
 * her dollars come back (the header's balance) and the page says so. Screenshots: test-results/promotion-profile-*-390.png.
 */
import type { Page } from "@playwright/test";
import { buyDollars, expect, listedClient, listedEscortIn, logIn, noJsMemberPage, SIGN_UP_PASSWORD, test } from "./fixtures";

/** A city no other spec uses: the promoted slot there holds this spec's promotions only. */
const CITY = "Schwerin";
const CITY_DIRECTORY = "/de/ladies/deutschland/mecklenburg-vorpommern/schwerin";
const CITY_SEARCH = "/de/escorts?city=de-schwerin&radius=20";
const TEAM = { username: "demo_team", password: "demo-pass-2026" };
const PRICE = 150;
const HEADLINE = "Neu in Schwerin – diskret, herzlich und gern auch spontan.";

const walletBalance = async (page: Page) => Number(await page.getByTestId("nav-dollars").first().getAttribute("data-wallet-available"));

/** The escort signed in on `page` buys a promotion profile with HEADLINE and her first photo; answers the balance before. */
async function buyPromotion(page: Page, shot?: (name: string) => Promise<unknown>): Promise<number> {
  await buyDollars(page, "dollars-250");
  await page.goto("/de/promotion/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Promotion-Profil: oben in deiner Stadt");
  await expect(page.getByTestId("profile-promotion-price")).toHaveText(`${PRICE} Dollar für 7 Tage`);
  const before = await walletBalance(page);
  expect(before).toBeGreaterThanOrEqual(250);

  // Too short: refused at the field, the input kept, nothing paid.
  await page.getByLabel("Dein Text").fill("Hallo");
  await page.getByTestId("profile-promotion-submit").click();
  await expect(page.locator("#field-text-error")).toHaveText("Mindestens 10 Zeichen.");
  await expect(page.getByLabel("Dein Text")).toHaveValue("Hallo");
  await expect(page.getByTestId("profile-promotion-photo").first()).toBeChecked();
  expect(await walletBalance(page)).toBe(before);
  if (shot) await shot("error");

  await page.getByLabel("Dein Text").fill(HEADLINE);
  const submit = page.getByTestId("profile-promotion-submit");
  await expect(submit).toHaveText(`Jetzt kaufen für ${PRICE} Dollar`);
  expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  if (shot) await shot("buy");
  await submit.click();

  await expect(page).toHaveURL(/\/de\/promotion\/profile\?done=\d+/);
  const outcome = page.getByTestId("promotion-outcome");
  await expect(outcome).toHaveAttribute("data-status", "pending");
  await expect(outcome).toContainText(`Dein Guthaben: ${before - PRICE} Dollar`);
  expect(await walletBalance(page)).toBe(before - PRICE);
  await expect(page.getByTestId("profile-promotion-pending")).toBeVisible();
  await expect(page.getByTestId("profile-promotion-submit")).toHaveCount(0);
  await expect(page.getByTestId("promotion-history")).toContainText(HEADLINE);
  return before;
}

/** The team's queue item of this member. */
async function teamDecides(page: Page, member: string, decide: (item: ReturnType<Page["getByTestId"]>) => Promise<void>) {
  await page.goto("/de/backoffice/promotions");
  const item = page.getByTestId("promotion-review-item").and(page.locator(`[data-member="${member}"]`));
  await expect(item.getByTestId("promotion-review-text")).toHaveText(HEADLINE);
  await decide(item);
}

test.describe("promotion profile (no JavaScript)", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("a fresh escort buys one, the team accepts it, and her card stands in the marked slot of her city", async ({
    page,
    request,
    clientIp,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const shot = async (name: string, on: Page = page, fullPage = true) =>
      on.screenshot({ path: testInfo.outputPath(`promotion-profile-${name}-390.png`), fullPage });
    const escort = await listedEscortIn(request, clientIp, CITY);
    await logIn(page, escort, SIGN_UP_PASSWORD);
    await page.goto("/de/promotion/profile");
    await expect(page.getByTestId("profile-promotion-insufficient")).toBeVisible();
    await shot("empty");
    await buyPromotion(page, shot);
    await shot("pending");

    const team = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    await teamDecides(team, escort, async (item) => {
      await shot("queue", team);
      await item.getByTestId("promotion-accept").click();
    });
    await expect(team.getByTestId("backoffice-notice")).toHaveText("Freigegeben. Die Promotion läuft, das Mitglied ist benachrichtigt.");
    await expect(team.locator(`[data-member="${escort}"]`)).toHaveCount(0);
    await team.context().close();

    await page.goto("/de/promotion/profile");
    await expect(page.getByTestId("profile-promotion-running")).toBeVisible();
    await expect(page.getByTestId("promotion-history")).toContainText("Läuft");
    await shot("running");

    // The city's directory page, as a guest sees it: the card in the slot marked "Anzeige".
    const guest = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
    const guestPage = await guest.newPage();
    await guestPage.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    await guestPage.goto(CITY_DIRECTORY);
    const slot = guestPage.getByTestId("promoted-slot");
    await expect(slot.getByText("Anzeige", { exact: true })).toBeVisible();
    const card = slot.getByTestId("promoted-card").and(guestPage.locator(`[data-username="${escort}"]`));
    await expect(card).toContainText(HEADLINE);
    await expect(card).toHaveAttribute("href", `/de/p/${escort}`);
    await slot.scrollIntoViewIfNeeded();
    await shot("directory", guestPage, false);
    await guest.close();

    // The search's first page as a signed-in client sees it (not a guest's cached page).
    const client = await noJsMemberPage(browser, clientIp, await listedClient(request, clientIp, 1));
    await client.goto(CITY_SEARCH);
    const searchSlot = client.getByTestId("promoted-slot");
    await expect(searchSlot.getByTestId("promoted-card").and(client.locator(`[data-username="${escort}"]`))).toContainText(HEADLINE);
    await shot("search", client, false);
    await client.context().close();
  });

  test("the team rejects one with a reason and the dollars come back once", async ({ page, request, clientIp, browser }, testInfo) => {
    test.setTimeout(240_000);
    const escort = await listedEscortIn(request, clientIp, CITY);
    await logIn(page, escort, SIGN_UP_PASSWORD);
    const before = await buyPromotion(page);

    const team = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    await teamDecides(team, escort, async (item) => {
      // Without a reason: refused at the field, nothing decided.
      await item.getByTestId("promotion-reject").click();
      await expect(item.getByText("Bitte wähle einen Grund für die Ablehnung.")).toBeVisible();
      await item.getByLabel("Grund der Ablehnung").selectOption("content");
      await item.getByTestId("promotion-reject").click();
    });
    await expect(team.getByTestId("backoffice-notice")).toHaveText(
      "Abgelehnt. Die Dollar sind erstattet, das Mitglied ist benachrichtigt.",
    );
    await team.context().close();

    await page.goto("/de/promotion/profile");
    expect(await walletBalance(page)).toBe(before);
    await expect(page.getByTestId("promotion-history")).toContainText("Abgelehnt: Inhalt nicht freigegeben");
    await expect(page.getByTestId("promotion-history")).toContainText(`${PRICE} Dollar zurückerstattet`);
    // Refused, she may buy the next one: the form is back.
    await expect(page.getByTestId("profile-promotion-submit")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("promotion-profile-rejected-390.png"), fullPage: true });
  });
});
