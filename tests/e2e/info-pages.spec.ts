import { expect, test } from "./fixtures";

test("about pages render without scripts and are publicly cacheable", async ({ page }) => {
  const response = await page.goto("/de/about");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("public");
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über Velora");
  await expect(page.locator('[data-info-nav="about"]')).toBeVisible();
  await expect(page.locator("script[src]")).toHaveCount(0);
});

test("unknown keys redirect: about → /about, legal → terms, misc → press", async ({ page }) => {
  await page.goto("/de/about/unknown");
  await expect(page).toHaveURL(/\/de\/about$/);
  await page.goto("/de/legal");
  await expect(page).toHaveURL(/\/de\/legal\/terms_and_conditions$/);
  await page.goto("/de/legal/unknown");
  await expect(page).toHaveURL(/\/de\/legal\/terms_and_conditions$/);
  await page.goto("/de/misc/foo");
  await expect(page).toHaveURL(/\/de\/misc\/press$/);
});

test("legal navigation hides /legal/payment, which still exists", async ({ page }) => {
  await page.goto("/de/legal/imprint");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impressum");
  await expect(page.locator('[data-info-nav="legal"] a[href="/de/legal/payment"]')).toHaveCount(0);
  const payment = await page.goto("/de/legal/payment");
  expect(payment?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zahlungsbedingungen");
});

test("previous versions render without header and footer", async ({ page }) => {
  const response = await page.goto("/de/legal/terms_and_conditions/previous");
  expect(response?.status()).toBe(200);
  await expect(page.locator("header")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await expect(page.locator('[role="note"]')).toContainText("Frühere Fassung");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("pages exist in every language", async ({ page }) => {
  await page.goto("/en/legal/imprint");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Legal notice");
  await page.goto("/es/legal/data_privacy_statement");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de privacidad");
  await page.goto("/pl/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("O serwisie Velora");
});

test("the notice form (content removal request) works without login and without JavaScript @js", async ({ page }, testInfo) => {
  // One open report per address and object: each project reports under its own address.
  const email = `erika.${testInfo.project.name}@example.test`;
  await page.goto("/de/about/content_removal_request");
  await page.getByRole("button", { name: "Meldung absenden" }).click();
  await expect(page.locator('[data-field-error="type"]')).not.toBeEmpty();
  await expect(page.locator('[data-field-error="good_faith"]')).not.toBeEmpty();
  // The rules of a guest's notice: address, explanation, name and e-mail, each at its field; everything typed stays.
  await page.getByLabel("Was ist das Problem?").selectOption({ label: "Private Daten veröffentlicht (Doxxing)" });
  await page.getByLabel(/Ich versichere/).check();
  await page.getByRole("button", { name: "Meldung absenden" }).click();
  await expect(page.locator('[data-field-error="url"]')).not.toBeEmpty();
  await expect(page.locator('[data-field-error="text"]')).not.toBeEmpty();
  await expect(page.locator('[data-field-error="name"]')).not.toBeEmpty();
  await expect(page.locator('[data-field-error="email"]')).not.toBeEmpty();
  await page.getByLabel("Genaue Adresse (URL) des Inhalts").fill("not a url");
  await page.getByLabel("Dein Name").fill("Erika Muster");
  await page.getByLabel("Deine E-Mail-Adresse").fill(email);
  await page.getByLabel("Erklärung", { exact: true }).fill("Auf dieser Seite stehen meine private Adresse und Telefonnummer.");
  await page.getByLabel(/Ich versichere/).check();
  await page.getByRole("button", { name: "Meldung absenden" }).click();
  await expect(page.locator('[data-field-error="url"]')).not.toBeEmpty();
  await expect(page.getByLabel("Dein Name")).toHaveValue("Erika Muster");
  await expect(page.getByLabel("Erklärung", { exact: true })).toHaveValue(
    "Auf dieser Seite stehen meine private Adresse und Telefonnummer.",
  );
  await page.getByLabel("Genaue Adresse (URL) des Inhalts").fill("http://127.0.0.1:3300/de/p/demo_escort");
  await page.getByLabel(/Ich versichere/).check();
  await page.getByRole("button", { name: "Meldung absenden" }).click();
  await expect(page).toHaveURL(/sent=1/);
  await expect(page.getByTestId("removal-sent")).toBeVisible();
  // A guest's typed address is confirmed first (ADR 059; tests/e2e/reports.spec.ts follows the link).
  await expect(page.getByTestId("removal-sent")).toHaveAttribute("data-receipt", "confirmation_sent");
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.locator(`[data-mail='report_email_confirm'][data-recipient='${email}'] [data-mail-link]`)).toHaveAttribute(
    "href",
    /\/de\/about\/content_removal_request\/confirm\?token=/,
  );
});
