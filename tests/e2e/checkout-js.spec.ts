/**
 * The checkout with JavaScript (issue 26 item 2, ADR 089): the four steps on one page. The plain script posts each
 * step's form in the background and swaps the page's content with the server's answer — no new page between the steps
 * (a mark set on the window survives, and no document is requested), the URL follows (back, forward and reload land
 * on a step), a refused field keeps its input and takes the focus. The overview's "zahlungspflichtig bestellen" posts
 * as without JavaScript, the fake provider's success makes the client plus. When the background post fails, the form
 * posts as without JavaScript. Screenshots at 390 px: test-results/checkout-js-*.png.
 */
import type { Page } from "@playwright/test";
import { expect, listedClient, logIn, SIGN_UP_PASSWORD, test } from "./fixtures";

type Marked = Window & { checkoutMark?: string };

/** Signs a fresh client in with JavaScript (the sign-in posts in the background) and opens the checkout. */
async function openCheckout(page: Page, request: Parameters<typeof listedClient>[0], clientIp: string) {
  await logIn(page, await listedClient(request, clientIp, 1), SIGN_UP_PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto("/de/buy?goods=membership");
  await page.evaluate(() => ((window as Marked).checkoutMark = "one page"));
}

const mark = (page: Page) => page.evaluate(() => (window as Marked).checkoutMark ?? null);
const currentStep = (page: Page) => page.locator('li[data-state="current"] h2');

test.describe("checkout with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@js the four steps on one page, back, forward and reload on a step, then plus through the fake provider", async ({
    page,
    request,
    clientIp,
  }) => {
    test.setTimeout(120_000);
    await openCheckout(page, request, clientIp);
    const documents: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "document") documents.push(sent.url());
    });
    // Later steps are headings from the start.
    await expect(page.locator('li[data-state="later"] h2')).toHaveText(["Deine Daten", "Zahlung", "USt."]);
    await page.screenshot({ path: "test-results/checkout-js-1-goods.png", fullPage: true });

    await page.locator('input[name="sku"]').nth(1).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(currentStep(page)).toHaveText("Deine Daten");
    await expect(currentStep(page)).toBeFocused();
    await expect(page).toHaveURL(/\/de\/buy\?order=[^&]+&step=customer$/);
    await expect(page.locator('li[data-step="goods"][data-state="done"]')).toContainText("Plus 3 Monate");
    await expect(page.locator("[data-checkout-live]")).toHaveText("Deine Daten");

    await page.getByLabel("Vor- und Nachname *").fill("Erika Mustermann");
    await page.getByLabel("Straße und Hausnummer *").fill("Hauptstr. 1");
    await page.getByLabel("PLZ *").fill("10115");
    await page.getByLabel("Ort *").fill("Berlin");
    await page.getByLabel("E-Mail für die Rechnung *").fill("erika@example.test");
    await page.screenshot({ path: "test-results/checkout-js-2-customer.png", fullPage: true });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(currentStep(page)).toHaveText("Zahlung");
    await expect(page.locator('li[data-step="customer"][data-state="done"]')).toContainText("Erika Mustermann, Hauptstr. 1, 10115 Berlin");

    await page.getByLabel(/Kreditkarte/).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(currentStep(page)).toHaveText("USt.");
    await expect(page).toHaveURL(/step=vat$/);

    // A refusal in place: the error at its field, the input kept and focused, the URL unchanged.
    await page.getByLabel("USt-IdNr.").fill("DE123");
    await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();
    await expect(page.locator("#field-vat_id-error")).toContainText("Format");
    await expect(page.getByLabel("USt-IdNr.")).toHaveValue("DE123");
    await expect(page.getByLabel("USt-IdNr.")).toBeFocused();
    await expect(page).toHaveURL(/step=vat$/);
    await page.screenshot({ path: "test-results/checkout-js-3-vat-error.png", fullPage: true });
    await page.getByLabel("USt-IdNr.").fill("");
    await page.getByRole("button", { name: "Weiter zur Übersicht" }).click();

    // The overview as without JavaScript: § 312j's terms directly above "zahlungspflichtig bestellen".
    await expect(page).toHaveURL(/\/de\/buy\/confirm\?order=/);
    await expect(page.getByRole("button", { name: "zahlungspflichtig bestellen" })).toBeVisible();
    await expect(page.getByTestId("confirm-terms")).toContainText("verlängert sich");
    await page.screenshot({ path: "test-results/checkout-js-4-confirm.png", fullPage: true });
    expect(await mark(page)).toBe("one page");
    expect(documents).toEqual([]);

    // Back: the VAT step of the URL; forward: the overview again; a change link: the payment step, in place.
    await page.goBack();
    await expect(page).toHaveURL(/step=vat$/);
    await expect(currentStep(page)).toHaveText("USt.");
    await page.goForward();
    await expect(page).toHaveURL(/\/de\/buy\/confirm\?order=/);
    await expect(page.getByRole("button", { name: "zahlungspflichtig bestellen" })).toBeVisible();
    await page.getByRole("link", { name: "ändern" }).nth(1).click();
    await expect(currentStep(page)).toHaveText("Zahlung");
    await expect(page).toHaveURL(/step=payment$/);
    expect(await mark(page)).toBe("one page");
    expect(documents).toEqual([]);

    // A reload shows the step of the URL, from the server.
    await page.reload();
    expect(await mark(page)).toBeNull();
    await expect(currentStep(page)).toHaveText("Zahlung");
    await expect(page.getByLabel(/Kreditkarte/)).toBeChecked();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/\/de\/buy\/confirm\?order=/);

    await page.getByRole("button", { name: "zahlungspflichtig bestellen" }).click();
    await page.getByRole("button", { name: "Zahlung erfolgreich" }).click();
    await expect(page).toHaveURL(/\/de\/buy\/status\?order=/);
    await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-state", "success");

    // Plus from the verified postback on: the 500 km radius in search.
    await page.goto("/de/escorts?radius=500");
    await expect(page.locator('select[name="radius"]')).toHaveValue("500");
    await expect(page.getByTestId("radius-upgrade")).toHaveCount(0);
  });

  test("@js when the background post fails, the step posts as without JavaScript", async ({ page, request, clientIp }) => {
    await openCheckout(page, request, clientIp);
    await page.route(/\/de\/buy\?/, (route) => (route.request().resourceType() === "fetch" ? route.abort() : route.continue()));
    await page.locator('input[name="sku"]').nth(1).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/step=customer$/);
    await expect(currentStep(page)).toHaveText("Deine Daten");
    // A new page came: the mark is gone.
    expect(await mark(page)).toBeNull();
  });
});
