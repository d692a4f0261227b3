/**
 * The webcam check without JavaScript on a phone (issue 30 item 2, ADR 107): a fresh escort asks for a code, sends
 * the selfie through the plain file input (capture=user), sees it waiting; a member cannot reach the back office's
 * queue; the team refuses a rejection without a reason (the error at the field), then accepts the check beside the
 * escort's profile photos; the "real photos" badge shows on the profile and explains itself on tap (a details
 * element). Screenshots at 390 px into /work/notes/shots when that folder exists, else the test's output.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, listedEscortIn, noJsMemberPage, test } from "./fixtures";

const PHOTO = fileURLToPath(new URL("../fixtures/photo-400x500.jpg", import.meta.url));
const TEAM = { username: "demo_team", password: "demo-pass-2026" };
const SHOTS = "/work/notes/shots";

test.describe("verification", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an escort does the webcam check, the team accepts it, the badge shows on the profile", async ({
    browser,
    request,
    clientIp,
  }, testInfo) => {
    const shotPath = (name: string) =>
      existsSync(SHOTS) ? `${SHOTS}/idcheck-${name}.png` : testInfo.outputPath(`verification-${name}-390.png`);
    const escort = await listedEscortIn(request, clientIp, "Trier");
    const page = await noJsMemberPage(browser, clientIp, escort);

    await page.goto("/de/user/verification");
    await expect(page.getByRole("heading", { level: 1, name: "Verifizierung" })).toBeVisible();
    const webcam = page.getByTestId("check-webcam");
    await expect(webcam.getByTestId("status-webcam")).toHaveAttribute("data-status", "none");
    // Escorts also see the ProstSchG registration; every card's controls are large enough to tap.
    await expect(page.getByTestId("check-prostschg")).toBeVisible();
    await page.screenshot({ path: shotPath("member-start"), fullPage: true });

    await webcam.getByRole("button", { name: "Code anzeigen" }).click();
    const code = (await webcam.getByTestId("webcam-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const input = webcam.getByLabel("Dein Selfie mit dem Code");
    await expect(input).toHaveAttribute("capture", "user");
    await expect(input).toHaveAttribute("accept", "image/*");
    await page.screenshot({ path: shotPath("member-code"), fullPage: true });
    await input.setInputFiles(PHOTO);
    await webcam.getByRole("button", { name: "Foto senden" }).click();
    await expect(page.getByTestId("verification-done")).toContainText("wartet auf unser Team");
    await expect(page.getByTestId("status-webcam")).toHaveAttribute("data-status", "pending");

    // The queue does not exist for members.
    const refused = await page.goto("/de/backoffice/verifications");
    expect(refused?.status()).toBe(404);

    // The team decides beside the profile photos: a rejection needs a reason, then it accepts.
    const team = await noJsMemberPage(browser, clientIp, TEAM.username, TEAM.password);
    await team.goto("/de/backoffice/verifications");
    const item = team.locator(`[data-testid="verification-queue-item"][data-member="${escort}"]`);
    await expect(item.getByTestId("queue-code")).toHaveText(code);
    await expect(item.getByRole("img", { name: "Webcam-Foto" })).toBeVisible();
    await team.screenshot({ path: shotPath("backoffice-queue"), fullPage: true });
    await item.getByRole("button", { name: "Ablehnen" }).click();
    const again = team.locator(`[data-testid="verification-queue-item"][data-member="${escort}"]`);
    await expect(again.locator('[data-field-error="reason"]')).toContainText("Wähle einen Grund aus der Liste.");
    await again.getByRole("button", { name: "Bestätigen" }).click();
    await expect(team.getByTestId("verification-queue-done")).toBeVisible();
    await expect(team.locator(`[data-testid="verification-queue-item"][data-member="${escort}"]`)).toHaveCount(0);

    // The badge on the profile, explained on tap without JavaScript.
    await page.goto(`/de/p/${escort}`);
    const badge = page.getByTestId("badge-photos_real");
    await expect(badge).toContainText("Echte Fotos");
    await expect(badge.getByText("Selfie mit einem Einmal-Code")).toBeHidden();
    await badge.getByText("Echte Fotos").click();
    await expect(badge.getByText("Selfie mit einem Einmal-Code")).toBeVisible();
    await page.screenshot({ path: shotPath("profile-badge"), fullPage: false });
    await page.goto("/de/user/verification");
    await expect(page.getByTestId("status-webcam")).toHaveAttribute("data-status", "verified");
    await page.screenshot({ path: shotPath("member-verified"), fullPage: true });
  });
});
