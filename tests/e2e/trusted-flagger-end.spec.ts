/**
 * Issue 30 item 4 (audit gaps, ADR 115), without JavaScript at phone width: backend staff end a trusted flagger's
 * award with the reason the form asks for; the award shows as ended and the audit trail keeps the reason.
 */
import { DEMO, expect, logIn, signUp, test } from "./fixtures";

test.describe("trusted flaggers: ending an award with a reason", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the end form takes a reason and the award ends", async ({ page, request, clientIp }, testInfo) => {
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`trusted-flagger-${name}-390.png`), fullPage: true });
    const flagger = await signUp(request, clientIp, "client", 1);
    const organisation = `Meldestelle Nürnberg ${flagger}`;

    await logIn(page, "demo_backend", DEMO.password);
    await page.goto("/de/backoffice/trusted-flaggers");
    await page.getByLabel("Benutzername des Kontos").fill(flagger);
    await page.getByLabel("Organisation", { exact: true }).fill(organisation);
    await page.getByLabel("Aktenzeichen des Koordinators").fill(`DSC-DE-${flagger}`);
    await page.getByLabel("Erster Tag").fill("2026-01-01");
    await page.getByLabel("Letzter Tag").fill("2027-12-31");
    await page.getByRole("button", { name: "Eintragen", exact: true }).click();

    const award = page.locator(`[data-flagger="${flagger}"]`);
    await expect(award).toContainText(organisation);
    await shot("list");
    const reason = "Schreiben des Koordinators vom 2. Dezember: Status widerrufen.";
    await award.getByLabel("Grund (empfohlen)").fill(reason);
    await award.getByRole("button", { name: "Jetzt beenden" }).click();

    await expect(page.getByText("Beendet.", { exact: true })).toBeVisible();
    await expect(page.locator(`[data-flagger="${flagger}"]`)).toContainText("Nicht aktiv");
    await expect(page.locator(`[data-flagger="${flagger}"]`).getByLabel("Grund (empfohlen)")).toHaveCount(0);
    await shot("ended");
  });
});
