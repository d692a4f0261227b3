import { setCaptchaAnswer } from "./captcha-store";
import { DEMO, expect, logIn, SIGN_UP_PASSWORD, signUp, test } from "./fixtures";

test.describe("login, dashboard, logout", () => {
  test("logs in, sees the dashboard and logs out @js", async ({ page }) => {
    await logIn(page, DEMO.client, DEMO.password);
    await expect(page).toHaveURL(/\/de\/my_dashboard$/);
    await expect(page.getByTestId("dashboard-greeting")).toHaveText(/^Hallo \S.*!$/);
    await expect(page.getByRole("definition").first()).toHaveText("demo_client");
    await page.getByTestId("dashboard-logout").click();
    await expect(page).toHaveURL(/\/de\?logged_out=1$/);
    await expect(page.getByTestId("logged-out")).toBeVisible();
    // The token is gone: the dashboard now asks for a login.
    await page.goto("/de/my_dashboard");
    await expect(page).toHaveURL(/\/de\/login\?r=%2Fde%2Fmy_dashboard$/);
  });

  test("a wrong password shows the error at the password field and keeps the username @js", async ({ page, javaScriptEnabled }) => {
    await logIn(page, DEMO.escort, "not-the-password-1");
    await expect(page).toHaveURL(/\/de\/login/);
    await expect(page.locator('[data-field-error="password"]')).toHaveText("Benutzername oder Passwort ist falsch.");
    await expect(page.getByLabel("Benutzername oder E-Mail")).toHaveValue(DEMO.escort);
    // Without JavaScript the page is re-rendered by the server, which never echoes a password.
    if (!javaScriptEnabled) await expect(page.getByLabel("Passwort", { exact: true })).toHaveValue("");
  });

  test("an empty form shows required errors next to both fields", async ({ page }) => {
    await page.goto("/de/login");
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    await expect(page.locator('[data-field-error="username"]')).toHaveText("Bitte fülle dieses Feld aus.");
    await expect(page.locator('[data-field-error="password"]')).toHaveText("Bitte fülle dieses Feld aus.");
  });

  test("an empty username is reported at its field: on leaving it with JavaScript (no post, ADR 156), on submit without @js", async ({
    page,
    javaScriptEnabled,
  }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/de/login");
    const error = page.locator('[data-field-error="username"]');
    if (javaScriptEnabled) {
      // The form's schema loads on the first focus; leaving the field then checks it in the browser.
      await page.getByLabel("Benutzername oder E-Mail").focus();
      await expect(async () => {
        await page.getByLabel("Benutzername oder E-Mail").focus();
        await page.getByLabel("Passwort", { exact: true }).focus();
        await expect(error).toHaveText("Bitte fülle dieses Feld aus.", { timeout: 500 });
      }).toPass();
      expect(posts).toEqual([]);
      await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.escort);
      await expect(error).toHaveText("");
    } else {
      await page.getByRole("button", { name: "Anmelden" }).last().click();
      await expect(error).toHaveText("Bitte fülle dieses Feld aus.");
      expect(posts).toHaveLength(1);
    }
  });

  test("returns to the page the login was asked for", async ({ page }) => {
    await page.goto("/de/my_dashboard");
    await expect(page).toHaveURL(/\/de\/login\?r=/);
    await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.agency);
    await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  });

  test("the 24-hour window without keep_logged_in signs the user out", async ({ page, context }) => {
    await logIn(page, DEMO.client, DEMO.password);
    await expect(page).toHaveURL(/my_dashboard/);
    const cookies = await context.cookies();
    const expiry = cookies.find((c) => c.name === "tk_expired_at");
    expect(Number(expiry?.value)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // A day later: the expiry cookie says the window has passed.
    await context.addCookies([{ name: "tk_expired_at", value: String(Date.now() - 1000), domain: "127.0.0.1", path: "/" }]);
    await page.goto("/de/my_dashboard");
    await expect(page).toHaveURL(/\/de\/login\?r=%2Fde%2Fmy_dashboard$/);
    const after = await context.cookies();
    expect(after.find((c) => c.name === "tk")).toBeUndefined();
    expect(after.find((c) => c.name === "tk_expired_at")).toBeUndefined();
  });

  test("keep_logged_in survives a passed expiry timestamp", async ({ page, context }) => {
    await logIn(page, DEMO.client, DEMO.password, { keep: true });
    await expect(page).toHaveURL(/my_dashboard/);
    await context.addCookies([{ name: "tk_expired_at", value: String(Date.now() - 1000), domain: "127.0.0.1", path: "/" }]);
    await page.goto("/de/my_dashboard");
    await expect(page.getByTestId("dashboard-greeting")).toBeVisible();
  });

  test("repeated failures bring up a captcha that works without JavaScript", async ({ page }) => {
    for (let i = 0; i < 5; i++) {
      await logIn(page, "demo_member_captcha_probe", "wrong-password-1");
      await expect(page.locator('[data-field-error="password"]')).not.toBeEmpty();
    }
    await logIn(page, "demo_member_captcha_probe", "wrong-password-1");
    await expect(page.locator("[data-captcha] img")).toBeVisible();
    await expect(page.locator('[data-field-error="captcha_answer"]')).toContainText("Sicherheitscode");
    await page.getByLabel("Passwort", { exact: true }).fill("wrong-password-1");
    await page.getByLabel("Sicherheitscode aus dem Bild").fill("ZZZZZ");
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    await expect(page.locator('[data-field-error="captcha_answer"]')).toHaveText(
      "Der Sicherheitscode stimmt nicht. Bitte versuche es mit dem neuen Code.",
    );
  });

  test("a locked account logs in through the captcha: typed from the image without JavaScript, solved by the browser with it @js", async ({
    page,
    request,
    clientIp,
    javaScriptEnabled,
  }) => {
    const username = await signUp(request, clientIp, "client", 1);
    for (let i = 0; i < 5; i++) {
      await logIn(page, username, "wrong-password-1");
      // Each failure must have reached the server before the next try (a navigation would cancel it).
      await expect(page.locator('[data-field-error="password"]')).not.toBeEmpty();
    }
    await logIn(page, username, SIGN_UP_PASSWORD);
    const captcha = page.locator("[data-captcha]");
    await expect(captcha).toBeVisible();
    await page.getByLabel("Passwort", { exact: true }).fill(SIGN_UP_PASSWORD);
    if (javaScriptEnabled) {
      // The proof of work runs in the browser; the image and its field step aside.
      await expect(page.locator("[data-captcha-solved]")).toHaveText("Bestätigt. Du kannst dich jetzt anmelden.", { timeout: 30_000 });
      await expect(captcha.locator("img")).toHaveCount(0);
    } else {
      const image = captcha.locator("img");
      await expect(image).toHaveAttribute("src", /^data:image\/png;base64,/);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const id = await captcha.locator('input[name="captcha_id"]').getAttribute("value");
      setCaptchaAnswer(id!, "KMNPR");
      await page.getByLabel("Sicherheitscode aus dem Bild").fill("kmnpr");
    }
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    // Signed in: the unfinished registration takes over.
    await expect(page).toHaveURL(/\/de\/join\/user\/photo\?reason=finish_reg/);
  });
});

test.describe("password reset", () => {
  test("forgot password → mail in the dev mailbox → new password → login", async ({ page, request, clientIp }) => {
    // A fresh account: resetting a demo account's password would break every other test that logs in with it.
    const username = await signUp(request, clientIp, "client", 1);
    const email = `${username}@example.test`;
    await page.goto("/de/forgot_password");
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByRole("button", { name: "Link senden" }).click();
    await expect(page.getByTestId("forgot-sent")).toBeVisible();
    await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(email)}`);
    const link = await page.locator('[data-mail="password_reset"] [data-mail-link]').first().getAttribute("href");
    expect(link).toContain("/de/reset_password?token=");
    await page.goto(link!);
    await page.getByLabel("Neues Passwort", { exact: true }).fill("short");
    await page.getByLabel("Neues Passwort wiederholen").fill("short");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page.locator('[data-field-error="password"]')).toHaveText("Das Passwort muss mindestens 8 Zeichen lang sein.");
    await page.getByLabel("Neues Passwort", { exact: true }).fill("brand-new-pass-7");
    await page.getByLabel("Neues Passwort wiederholen").fill("brand-new-pass-7");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page.getByTestId("password-reset-done")).toBeVisible();
    await page.getByLabel("Benutzername oder E-Mail").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill("brand-new-pass-7");
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    // Signed in: the unfinished registration takes over (post-login order), the login page is left.
    await expect(page).toHaveURL(/\/de\/join\/user\/photo\?reason=finish_reg/);
  });
});
