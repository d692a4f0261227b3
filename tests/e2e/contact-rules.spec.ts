import type { Page } from "@playwright/test";
import { DEMO, expect, listedClient, noJsMemberPage, listedEscortIn, SIGN_UP_PASSWORD, test } from "./fixtures";

/**
 * Issue 25 items 1 and 3 on a phone without JavaScript: the contact rules are visible before they bite (a new escort's
 * profile and tile say that only plus members may write first, offer favorite, date request and plus, and no message
 * form is offered where sending cannot succeed), and logging in or signing up from a prompt returns to the page.
 */

const SHOTS = "test-results/shots";

/** The first screen of a phone, and the whole page. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-first.png` });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const NEW_ESCORT_RULE = "Neue Escorts können in ihren ersten 14 Tagen nur von Plus-Mitgliedern angeschrieben werden.";

test("a new escort's profile and tile say the contact rule before sign-up and before writing, with what instead", async ({
  page,
  request,
  clientIp,
  browser,
}) => {
  test.setTimeout(120_000);
  const escort = await listedEscortIn(request, clientIp, "Kassel");

  // A guest: the rule first, then a prompt that promises only what a new free client may do.
  await page.goto(`/de/p/${escort}`);
  const prompt = page.getByTestId("guest-actions");
  await expect(prompt.getByTestId("contact-rule")).toContainText(NEW_ESCORT_RULE);
  await expect(prompt).toContainText(/Kostenlos registrieren, um .+ zu merken oder ein Date anzufragen\./);
  await expect(prompt).not.toContainText("zu schreiben");
  await expect(prompt.getByRole("link", { name: "Nachricht schreiben" })).toHaveCount(0);
  await expect(prompt.getByRole("link", { name: "Zu Favoriten" })).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Date anfragen" })).toBeVisible();
  await expect(prompt.getByTestId("contact-rule-plus")).toHaveAttribute(
    "href",
    `/de/join/user?r=${encodeURIComponent("/de/buy?goods=membership")}`,
  );
  await shoot(page, "profile-new-escort-guest");

  // Her search tile says it too.
  await page.goto("/de/escorts?city=de-kassel&radius=20");
  const tile = page
    .getByTestId("search-tile")
    .filter({ has: page.getByTestId("tile-contact-rule") })
    .first();
  await expect(tile.getByTestId("tile-contact-rule")).toHaveText("Neu – schreiben nur mit Plus");
  await shoot(page, "search-new-escort-tile-guest");

  // A basic client, verified: the same rule, no message link, a date request and plus instead.
  const client = await listedClient(request, clientIp, 1);
  const member = await noJsMemberPage(browser, clientIp, client);
  // Not verified yet: the rule comes before the verification prompt, which no longer promises writing.
  await member.goto(`/de/p/${escort}`);
  const verify = member.getByTestId("verify-email-actions");
  await expect(verify.getByTestId("contact-rule")).toContainText(NEW_ESCORT_RULE);
  await expect(verify).toContainText(/dann kannst du .+ ein Date anfragen\./);
  await shoot(member, "profile-new-escort-unverified");
  await member.goto(`/de/dev/mailbox?to=${encodeURIComponent(`${client}@example.test`)}`);
  const link = await member.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
  await member.goto(link!);
  await member.getByTestId("email-confirm").click();
  await expect(member.getByTestId("email-verified")).toBeVisible();
  await member.goto(`/de/p/${escort}`);
  await expect(member.getByTestId("contact-rule")).toContainText(NEW_ESCORT_RULE);
  await expect(member.getByTestId("contact-rule")).toContainText("Stattdessen kannst du");
  await expect(member.getByRole("link", { name: "Nachricht schreiben" })).toHaveCount(0);
  await expect(member.getByTestId("date-request-link")).toBeVisible();
  await expect(member.getByTestId("contact-rule-plus")).toHaveAttribute("href", "/de/buy?goods=membership");
  await shoot(member, "profile-new-escort-member");

  // The messenger page of a first contact offers no form that cannot succeed.
  await member.goto(`/de/messenger/${escort}`);
  await expect(member.getByTestId("contact-rule")).toContainText(NEW_ESCORT_RULE);
  await expect(member.getByTestId("compose")).toHaveCount(0);
  await expect(member.getByTestId("contact-rule-profile")).toHaveAttribute("href", `/de/p/${escort}`);
  await shoot(member, "messenger-new-escort-member");
  await member.context().close();

  // An escort registered long ago (the demo escort): writing is offered, no rule.
  await page.goto(`/de/p/${DEMO.escort}`);
  await expect(page.getByTestId("guest-actions").getByRole("link", { name: "Nachricht schreiben" })).toBeVisible();
  await expect(page.getByTestId("contact-rule")).toHaveCount(0);
});

test("logging in from a profile's prompt returns to the profile, and so does signing up from there", async ({ page }) => {
  test.setTimeout(120_000);
  const profile = `/de/p/${DEMO.escort}`;
  const r = encodeURIComponent(profile);

  // The sign-up chooser a prompt leads to: the header's login and the chooser's own keep the way back.
  await page.goto(profile);
  await page.getByTestId("guest-actions").getByRole("link", { name: "Nachricht schreiben" }).click();
  await expect(page).toHaveURL(`/de/join/user?r=${r}`);
  await expect(page.getByTestId("nav-login")).toHaveAttribute("href", `/de/login?r=${r}`);
  await expect(page.getByTestId("join-login")).toHaveAttribute("href", `/de/login?r=${r}`);
  await shoot(page, "join-chooser-from-prompt");
  await page.getByTestId("nav-login").click();
  await expect(page).toHaveURL(`/de/login?r=${r}`);
  await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.client);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await expect(page).toHaveURL(profile);
  await page.context().clearCookies();

  // The prompt's own login link.
  await page.goto(profile);
  await page.getByTestId("guest-login").click();
  await expect(page).toHaveURL(`/de/login?r=${r}`);
  await shoot(page, "login-from-prompt");
  await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.client);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await expect(page).toHaveURL(profile);
  await page.context().clearCookies();

  // The guest prompt of /clients keeps the way back for sign-up as for login.
  await page.goto("/de/clients");
  const clientsPrompt = page.locator("main");
  await expect(clientsPrompt.getByRole("link", { name: "Kostenlos registrieren" })).toHaveAttribute(
    "href",
    `/de/join/user?r=${encodeURIComponent("/de/clients")}`,
  );
  await shoot(page, "clients-guest-prompt");

  // No account after all: from the login page to sign-up, through the registration, back to the profile.
  await page.goto(`/de/login?r=${r}`);
  await page.getByTestId("login-join").click();
  await expect(page).toHaveURL(`/de/join/user?r=${r}`);
  await page.getByTestId("join-as-client").click();
  await expect(page).toHaveURL(`/de/join/user/sign-up?type=client&r=${r}`);
  const username = `cr_${Date.now().toString(36)}`;
  await page.getByRole("radio", { name: "Herr" }).check();
  await page.getByLabel("Geschlecht").selectOption({ label: "Mann" });
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("E-Mail-Adresse").fill(`${username}@example.test`);
  await page.getByLabel("Passwort", { exact: true }).fill(SIGN_UP_PASSWORD);
  await page.getByLabel("Tag", { exact: true }).selectOption("3");
  await page.getByLabel("Monat", { exact: true }).selectOption("11");
  await page.getByLabel("Jahr", { exact: true }).fill("1980");
  await page.getByLabel("Ich akzeptiere die AGB.").check();
  await page.getByLabel(/Datenschutzerklärung gelesen/).check();
  await page.getByRole("button", { name: "Kostenlos registrieren" }).last().click();
  await expect(page).toHaveURL(/\/de\/join\/user\/photo$/);
  await page.getByTestId("photo-skip").click();
  await page.locator('input[name="relationship_status"][value="1"]').check();
  await page.getByLabel("Wohnort oder Arbeitsort").fill("Berlin");
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await page.getByRole("button", { name: "Speichern und weiter" }).click();
  await expect(page).toHaveURL(/\/de\/join\/user\/completed$/);
  await page.getByTestId("return-to").click();
  await expect(page).toHaveURL(profile);
});
