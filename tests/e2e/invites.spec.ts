/**
 * Invitations, profile claims and phone verification with JavaScript off:
 * every step is a plain form post. Codes are read from the dev mailbox.
 * (Google sign-in needs Google or msw in the browser's path; its callback is
 * covered by tests/web/auth/federated-callback.test.ts instead.)
 */
import { DEMO, expect, logIn, test } from "./fixtures";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("invitation codes", () => {
  test("an invitation link stores the code in a cookie and leads into registration", async ({ page, context }) => {
    const created = await page.request.post("/api/v2/dev/invitation-codes", { data: { max_uses: 5 } });
    expect(created.status()).toBe(201);
    const { code } = ((await created.json()) as { data: { code: string } }).data;
    await page.goto(`/de/invitation-code/${code}`);
    await expect(page).toHaveURL(/\/de\/join\/user$/);
    const cookie = (await context.cookies()).find((c) => c.name === "invitation_code");
    expect(cookie?.value).toBe(code);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  test("an unknown invitation code shows a 404 page and sets no cookie", async ({ page, context }) => {
    const response = await page.goto("/de/invitation-code/no-such-code");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("invitation-invalid")).toContainText("Einladung ungültig");
    expect((await context.cookies()).find((c) => c.name === "invitation_code")).toBeUndefined();
  });
});

test.describe("profile claims", () => {
  test("preview → code from the mailbox → wrong code → right code → password → signed in", async ({ page }) => {
    const username = `claim_${unique()}`;
    const email = `${username}@claims.velora.local`;
    const created = await page.request.post("/api/v2/dev/claimable-profiles", {
      data: { username, email, display_name: "Mia Sommer", city_name: "Hamburg" },
    });
    expect(created.status()).toBe(201);
    const inviteCode = ((await created.json()) as { data: { invite_code: string } }).data.invite_code;
    const invite = `/de/invites/${inviteCode}`;

    await page.goto(invite);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dein Profil „Mia Sommer“ übernehmen");
    await expect(page.getByTestId("claim-preview")).toContainText("Hamburg");
    await page.getByRole("button", { name: "Code an mich senden" }).click();
    await expect(page.getByTestId("claim-sent")).toBeVisible();

    await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mailText = await page.locator('[data-mail="profile_claim_code"] pre').first().textContent();
    const code = /\b(\d{6})\b/.exec(mailText ?? "")![1]!;

    await page.goto(invite);
    await page.getByLabel("6-stelliger Code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Code bestätigen" }).click();
    await expect(page.locator('[data-field-error="code"]')).toHaveText("Der Code stimmt nicht. Verbleibende Versuche: 4.");
    await page.getByLabel("6-stelliger Code").fill(code);
    await page.getByRole("button", { name: "Code bestätigen" }).click();

    await expect(page.getByText("Lege jetzt dein Passwort fest.")).toBeVisible();
    await page.getByLabel("Passwort", { exact: true }).fill("claimed-pass-42");
    await page.getByLabel("Passwort wiederholen").fill("other-pass-42");
    await page.getByRole("button", { name: "Passwort speichern und anmelden" }).click();
    await expect(page.locator('[data-field-error="password_confirmation"]')).toHaveText("Die Passwörter stimmen nicht überein.");
    await page.getByLabel("Passwort", { exact: true }).fill("claimed-pass-42");
    await page.getByLabel("Passwort wiederholen").fill("claimed-pass-42");
    await page.getByRole("button", { name: "Passwort speichern und anmelden" }).click();
    await expect(page).toHaveURL(/\/de\/my_dashboard/);
    await expect(page.getByTestId("dashboard-greeting")).toBeVisible();

    // The invite is spent.
    const again = await page.goto(invite);
    expect(again?.status()).toBe(410);
    await expect(page.getByTestId("claim-claimed")).toBeVisible();
  });

  test("an unknown invite shows a 404 page", async ({ page }) => {
    const response = await page.goto("/de/invites/AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("claim-missing")).toContainText("Einladung nicht gefunden");
  });
});

test.describe("phone verification", () => {
  test("number → SMS code from the mailbox → verified", async ({ page }) => {
    await logIn(page, DEMO.client, DEMO.password);
    await expect(page).toHaveURL(/my_dashboard/);
    await page.goto("/de/user/phone");
    await page.getByLabel("Land").selectOption("43");
    await page.getByLabel("Handynummer").fill("0664 12abc");
    await page.getByRole("button", { name: "Code per SMS senden" }).click();
    await expect(page.locator('[data-field-error="phone"]')).toHaveText("Bitte gib nur Ziffern ein, optional mit + am Anfang.");

    const national = `0664${String(Math.floor(1e6 + Math.random() * 8e6))}`;
    const e164 = `+43${national.slice(1)}`;
    await page.getByLabel("Handynummer").fill(national);
    await page.getByRole("button", { name: "Code per SMS senden" }).click();
    await expect(page.getByTestId("phone-sent")).toBeVisible();

    await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(`sms:${e164}`)}`);
    const sms = await page.locator('[data-mail="sms_verification"] pre').first().textContent();
    const code = /\b(\d{6})\b/.exec(sms ?? "")![1]!;

    await page.goto("/de/user/phone");
    await page.getByLabel("Code aus der SMS").fill(code);
    await page.getByRole("button", { name: "Nummer bestätigen" }).click();
    await expect(page.getByTestId("phone-verified")).toHaveText(`Danke! Deine Nummer ${e164} ist jetzt bestätigt.`);
  });
});
