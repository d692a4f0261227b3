/**
 * The way in, with JavaScript off: individual and business sign-up, field
 * errors that keep the other input, e-mail verification from the dev
 * mailbox, and where a user goes after login (unfinished registration,
 * unverified e-mail). Usernames are unique per run: the tests share one
 * server database.
 */
import type { Page } from "@playwright/test";
import { createPersonPlanner, DEFAULT_PROFILES, DEFAULT_SEED } from "../../server/db/seed/people";
import { DEMO, expect, logIn, test } from "./fixtures";

const RUN = Date.now().toString(36).slice(-6);
let counter = 0;
function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}_${RUN}_${counter}`;
}

interface Person {
  username: string;
  email: string;
  password: string;
}

function newPerson(prefix: string): Person {
  const username = uniqueName(prefix);
  return { username, email: `${username.toLowerCase()}@example.test`, password: "Sicher-und-lang-42" };
}

async function fillIndividual(
  page: Page,
  person: Person,
  birth: { day: string; month: string; year: string } = { day: "15", month: "6", year: "1994" },
) {
  await page.getByRole("radio", { name: "Frau" }).check();
  await page.getByLabel("Geschlecht").selectOption({ label: "Frau" });
  await page.getByLabel("Benutzername").fill(person.username);
  await page.getByLabel("E-Mail-Adresse").fill(person.email);
  await page.getByLabel("Passwort", { exact: true }).fill(person.password);
  await page.getByLabel("Tag", { exact: true }).selectOption(birth.day);
  await page.getByLabel("Monat", { exact: true }).selectOption(birth.month);
  await page.getByLabel("Jahr", { exact: true }).fill(birth.year);
  await page.getByLabel("Ich akzeptiere die AGB.").check();
  await page.getByLabel(/Datenschutzerklärung gelesen/).check();
}

async function submitSignUp(page: Page) {
  await page.getByRole("button", { name: "Kostenlos registrieren" }).last().click();
}

/** Follows the newest verification mail to `email` and confirms it. */
async function verifyFromMailbox(page: Page, email: string) {
  await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
  expect(link).toMatch(/\/de\/join\/(user|business)\/email\?token=/);
  await page.goto(link!);
  await page.getByTestId("email-confirm").click();
  await expect(page.getByTestId("email-verified")).toBeVisible();
}

test.describe("individual sign-up", () => {
  test("escort: chooser → form → photo step; the mailed link verifies the address", async ({ page }) => {
    const person = newPerson("Esc");
    await page.goto("/de/join/user");
    await page.getByTestId("join-as-escort").click();
    await expect(page).toHaveURL(/\/de\/join\/user\/sign-up\?type=escort$/);
    await expect(page.getByRole("radio", { name: "Escort" })).toBeChecked();
    await fillIndividual(page, person);
    await submitSignUp(page);
    // Signed in and on to step 2 (photo).
    await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "tk")?.httpOnly).toBe(true);

    await verifyFromMailbox(page, person.email);
    // The same link again is spent.
    await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(person.email)}`);
    const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
    await page.goto(link!);
    await page.getByTestId("email-confirm").click();
    await expect(page.locator("[data-form-errors]")).toContainText("ungültig, schon benutzt oder abgelaufen");
  });

  test("client through a landing page: type pre-selected, landing page carried along", async ({ page }) => {
    const person = newPerson("Kunde");
    await page.goto("/de/join/user/client/lp/herbst-2026");
    await expect(page.getByRole("radio", { name: "Kunde" })).toBeChecked();
    await expect(page.locator('input[name="landing_page_id"]')).toHaveValue("herbst-2026");
    await page.getByRole("radio", { name: "Herr" }).check();
    await page.getByLabel("Geschlecht").selectOption({ label: "Mann" });
    await page.getByLabel("Benutzername").fill(person.username);
    await page.getByLabel("E-Mail-Adresse").fill(person.email);
    await page.getByLabel("Passwort", { exact: true }).fill(person.password);
    await page.getByLabel("Tag", { exact: true }).selectOption("3");
    await page.getByLabel("Monat", { exact: true }).selectOption("11");
    await page.getByLabel("Jahr", { exact: true }).fill("1980");
    await page.getByLabel("Ich akzeptiere die AGB.").check();
    await page.getByLabel(/Datenschutzerklärung gelesen/).check();
    await submitSignUp(page);
    await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
  });

  test("the birth month's names are in the page's language", async ({ page }) => {
    const names = async (path: string) => {
      await page.goto(path);
      return page.locator('select[name="birth_month"] option:not([value=""])').allTextContents();
    };
    expect(await names("/pl/join/user/sign-up")).toEqual([
      "styczeń",
      "luty",
      "marzec",
      "kwiecień",
      "maj",
      "czerwiec",
      "lipiec",
      "sierpień",
      "wrzesień",
      "październik",
      "listopad",
      "grudzień",
    ]);
    expect((await names("/en/join/user/escort/lp"))[0]).toBe("January");
    expect((await names("/es/join/user/sign-up"))[11]).toBe("diciembre");
  });

  test("invalid input shows translated errors at their fields and keeps the rest", async ({ page }) => {
    const person = newPerson("Jung");
    const thisYear = new Date().getUTCFullYear();
    await page.goto("/de/join/user/sign-up?type=escort");
    await fillIndividual(page, { ...person, password: `x${person.username}9` }, { day: "1", month: "1", year: String(thisYear - 17) });
    await submitSignUp(page);
    await expect(page).toHaveURL(/\/de\/join\/user\/sign-up/);
    await expect(page.locator('[data-field-error="birth_date"]')).toHaveText("Du musst mindestens 18 Jahre alt sein.");
    await expect(page.locator('[data-field-error="password"]')).toHaveText("Das Passwort darf deinen Benutzernamen nicht enthalten.");
    await expect(page.locator("[data-form-errors]")).toContainText("Bitte korrigiere alle markierten Felder");
    // Everything but the password is kept.
    await expect(page.getByLabel("Benutzername")).toHaveValue(person.username);
    await expect(page.getByLabel("E-Mail-Adresse")).toHaveValue(person.email);
    await expect(page.getByLabel("Geschlecht")).toHaveValue("2");
    await expect(page.getByRole("radio", { name: "Escort" })).toBeChecked();
    await expect(page.getByLabel("Jahr", { exact: true })).toHaveValue(String(thisYear - 17));
    // The month names come with the page's data, also on the page a refused post answers with (ADR 175).
    await expect(page.getByLabel("Monat", { exact: true })).toHaveValue("1");
    await expect(page.getByLabel("Monat", { exact: true }).locator('option[value="3"]')).toHaveText("März");
    await expect(page.getByLabel("Ich akzeptiere die AGB.")).toBeChecked();
    await expect(page.getByLabel("Passwort", { exact: true })).toHaveValue("");

    // The server's uniqueness check lands at the username field too.
    await page.getByLabel("Benutzername").fill(DEMO.client);
    await page.getByLabel("Passwort", { exact: true }).fill(person.password);
    await page.getByLabel("Jahr", { exact: true }).fill("1990");
    await submitSignUp(page);
    await expect(page.locator('[data-field-error="username"]')).toHaveText("Dieser Benutzername ist schon vergeben.");
    await expect(page.getByLabel("E-Mail-Adresse")).toHaveValue(person.email);
  });

  test("a taken username is reported at its field: live on blur with JavaScript, on submit without @js", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/de/join/user/sign-up?type=client");
    // Filling moves on from the username field to the next ones (a blur).
    await fillIndividual(page, { ...newPerson("Dup"), username: DEMO.escort });
    // Without JavaScript nothing happens on blur; the server check on submit is what counts.
    if (!javaScriptEnabled) await submitSignUp(page);
    await expect(page.locator('[data-field-error="username"]')).toHaveText("Dieser Benutzername ist schon vergeben.");
    if (javaScriptEnabled) await expect(page).toHaveURL(/\/de\/join\/user\/sign-up\?type=client$/);
  });

  test("a bot filling the honeypot gets no account", async ({ page }) => {
    const person = newPerson("Bot");
    await page.goto("/de/join/user/sign-up?type=escort");
    await fillIndividual(page, person);
    await page.locator('input[name="website_url"]').fill("http://spam.example", { force: true });
    await submitSignUp(page);
    await expect(page).toHaveURL(/\/de\/join\/user\/sign-up/);
    await expect(page.locator("[data-form-errors]")).toBeVisible();
    await logIn(page, person.username, person.password);
    await expect(page.locator('[data-field-error="password"]')).toHaveText("Benutzername oder Passwort ist falsch.");
  });

  test("missing consents and choices are reported at their fields", async ({ page }) => {
    await page.goto("/de/join/user/sign-up");
    await submitSignUp(page);
    await expect(page.locator('[data-field-error="user_type"]')).toHaveText("Bitte wähle, ob du dich als Kunde oder Escort registrierst.");
    await expect(page.locator('[data-field-error="accept_terms"]')).toHaveText("Bitte akzeptiere die AGB.");
    await expect(page.locator('[data-field-error="accept_privacy"]')).toHaveText("Bitte willige in die Datenschutzerklärung ein.");
    await expect(page.locator('[data-field-error="username"]')).toHaveText("Bitte fülle dieses Feld aus.");
  });
});

test.describe("business sign-up", () => {
  test("basic step creates the business and moves on to services", async ({ page }) => {
    const person = newPerson("Club");
    await page.goto("/de/join/business");
    await page.getByTestId("business-start").click();
    await expect(page).toHaveURL(/\/de\/join\/business\/basic$/);
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.locator('[data-field-error="business_kind"]')).toHaveText("Bitte wähle Agentur oder Club.");
    await page.getByRole("radio", { name: "Club" }).check();
    await page.getByLabel("Name des Unternehmens").fill("Club Abendrot");
    await page.getByLabel("Ansprechpartner").fill("Erika Muster");
    await page.getByLabel("Ort des Unternehmens").fill("Koeln");
    await page.getByLabel("Benutzername").fill(person.username);
    await page.getByLabel("E-Mail-Adresse").fill(person.email);
    await page.getByLabel("Passwort", { exact: true }).fill(person.password);
    await page.getByLabel(/Ich akzeptiere die AGB/).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/\/de\/join\/business\/services$/);
    await verifyFromMailbox(page, person.email);
  });

  test("an unknown city is reported at its field; nothing else is lost and no account exists", async ({ page }) => {
    const person = newPerson("Ort");
    await page.goto("/de/join/business/basic");
    await page.getByRole("radio", { name: "Agentur" }).check();
    await page.getByLabel("Name des Unternehmens").fill("Agentur Nirgendwo");
    await page.getByLabel("Ansprechpartner").fill("Erika Muster");
    await page.getByLabel("Ort des Unternehmens").fill("Qqqxyzhausen");
    await page.getByLabel("Benutzername").fill(person.username);
    await page.getByLabel("E-Mail-Adresse").fill(person.email);
    await page.getByLabel("Passwort", { exact: true }).fill(person.password);
    await page.getByLabel(/Ich akzeptiere die AGB/).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(/\/de\/join\/business\/basic$/);
    await expect(page.locator('[data-field-error="city"]')).toHaveText(
      "Diesen Ort kennen wir nicht. Bitte prüfe die Schreibweise oder wähle einen Ort aus den Vorschlägen.",
    );
    await expect(page.getByLabel("Ort des Unternehmens")).toHaveValue("Qqqxyzhausen");
    await expect(page.getByLabel("Name des Unternehmens")).toHaveValue("Agentur Nirgendwo");
    await expect(page.getByLabel("Benutzername")).toHaveValue(person.username);
    await logIn(page, person.username, person.password);
    await expect(page.locator('[data-field-error="password"]')).toHaveText("Benutzername oder Passwort ist falsch.");
  });
});

test.describe("after login", () => {
  test("a user with an unfinished registration goes to the next step with reason=finish_reg", async ({ page, context }) => {
    const person = newPerson("Halb");
    await page.goto("/de/join/user/sign-up?type=escort");
    await fillIndividual(page, person);
    await submitSignUp(page);
    await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
    await context.clearCookies();
    await logIn(page, person.username, person.password);
    await expect(page).toHaveURL(/\/de\/join\/user\/photo\?reason=finish_reg$/);
    // Other pages lead back there while the step is open; legal pages stay reachable.
    await page.goto("/de/my_dashboard");
    await expect(page).toHaveURL(/\/de\/join\/user\/photo\?reason=finish_reg$/);
    await page.goto("/de/legal/imprint");
    await expect(page).toHaveURL(/\/de\/legal\/imprint$/);
  });

  test("a finished user with an unverified e-mail browses on, is reminded, and can resend from the verification page", async ({ page }) => {
    // A generated demo person (deterministic seed) who finished registration but never verified.
    const plan = createPersonPlanner(DEFAULT_SEED, Date.now());
    let unverified: string | undefined;
    for (let i = 0; i < DEFAULT_PROFILES && !unverified; i++) {
      const person = plan(i);
      if (person.userType !== 3 && person.status === "active" && person.registerCompletedStep === 10 && person.emailVerifiedAt === null)
        unverified = person.username;
    }
    expect(unverified).toBeDefined();
    await logIn(page, unverified!, DEMO.password);
    // No redirect to the verification page (ADR 024): the dashboard, with a reminder under the header.
    await expect(page).toHaveURL(/\/de\/my_dashboard$/);
    const notice = page.getByTestId("verify-email-notice");
    await expect(notice).toBeVisible();
    await notice.getByRole("link").click();
    await expect(page).toHaveURL(/\/de\/join\/user\/email\?r=%2Fde%2Fmy_dashboard$/);
    await expect(page.getByText("Wir haben dir eine E-Mail an")).toBeVisible();
    await page.getByTestId("email-resend").click();
    await expect(page.getByTestId("email-sent")).toBeVisible();
    // "Later" returns to where the reminder was followed from, never in a circle.
    await page.getByTestId("email-later").click();
    await expect(page).toHaveURL(/\/de\/my_dashboard$/);
  });
});

test.describe("pages around the sign-up", () => {
  test("benefits pages list plus and business benefits", async ({ page }) => {
    await page.goto("/de/join/benefits");
    await expect(page.locator('[data-benefits="client_plus"] li')).toHaveCount(7);
    // The entitlements kernel's list, each item translated (a raw key would show its path).
    await expect(page.locator('[data-benefits="client_plus"]')).toContainText("Sehen, wer dich besucht und favorisiert hat");
    await expect(page.locator('[data-benefits="provider_plus"]')).toContainText("Bessere Position in der Suche");
    await expect(page.locator("main")).not.toContainText("registration.benefits");
    await expect(page.locator('[data-benefits="rise_up"]')).toContainText("3 Stunden lang kein Kontaktlimit");
    await page.goto("/en/join/business-benefits");
    await expect(page.locator('[data-benefits="business_account"]')).toContainText("Link your escorts' profiles");
  });

  test("the forced age check says why and starts the identification at the provider", async ({ page, context }) => {
    const person = newPerson("Alter");
    await page.goto("/de/join/user/sign-up?type=client");
    await fillIndividual(page, person);
    await submitSignUp(page);
    await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
    await page.goto("/de/user/age_check_verification?type=forced");
    await expect(page.getByTestId("age-check-forced")).toBeVisible();
    await page.getByLabel("Neue PIN (6 Ziffern)").fill("482913");
    await page.getByLabel("PIN wiederholen").fill("482913");
    await page.getByRole("button", { name: "Weiter zum Prüfanbieter" }).click();
    await expect(page.getByRole("heading", { name: "Test-Altersverifikation" })).toBeVisible();
    await page.goto("/de/user/age_check_verification");
    await expect(page.getByTestId("age-verification-pending")).toBeVisible();
    await context.clearCookies();
  });
});
