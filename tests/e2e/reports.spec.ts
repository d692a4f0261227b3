/**
 * Reports and notices (issue 11 item 5, ADR 038), with JavaScript off: a guest reports a profile through the
 * public notice form (reached from the profile, its address filled in), a member reports another profile from
 * its page; the team finds both in the back office, decides the member's report, and the member reads the
 * decision in their report list. A guest's address gets the receipt only once confirmed through the mailed link
 * (ADR 059).
 */
import { DEMO, expect, logIn, seededEscortNear, test } from "./fixtures";

const TEAM = { username: "demo_team", password: "demo-pass-2026" };
const STATEMENT = "Wir haben das Profil geprüft und keinen Verstoß gegen unsere Regeln gefunden.";

test("a guest and a member report profiles; the team decides; the member reads the decision", async ({
  page,
  request,
  clientIp,
  browser,
}) => {
  const guestTarget = await seededEscortNear(request, clientIp, 48.1351, 11.582, -2); // München
  const memberTarget = await seededEscortNear(request, clientIp, 49.4521, 11.0767, -2); // Nürnberg

  // The guest: from the profile to the notice form, the profile's address filled in.
  await page.goto(`/de/p/${guestTarget}`);
  await page.getByRole("link", { name: "Verstoß oder rechtswidrige Inhalte melden" }).click();
  await expect(page).toHaveURL(/\/de\/about\/content_removal_request\?location=/);
  await expect(page.getByLabel("Genaue Adresse (URL) des Inhalts")).toHaveValue(new RegExp(`/de/p/${guestTarget}$`));
  await page.getByLabel("Was ist das Problem?").selectOption("trafficking");
  await page.getByLabel("Erklärung", { exact: true }).fill("Im Profiltext spricht eine dritte Person für sie und verwaltet die Termine.");
  await page.getByLabel("Ich versichere").check();
  await page.getByRole("button", { name: "Meldung absenden" }).click();
  // No name and address: refused at the fields, the input kept.
  await expect(page.locator('[data-field-error="name"]')).toHaveText("Bitte gib deinen Namen an.");
  await expect(page.getByLabel("Erklärung", { exact: true })).toHaveValue(/dritte Person/);
  await page.getByLabel("Dein Name").fill("Gisela Gast");
  await page.getByLabel("Deine E-Mail-Adresse").fill(`gast_${clientIp.replaceAll(".", "_")}@example.test`);
  await page.getByLabel("Ich versichere").check();
  await page.getByRole("button", { name: "Meldung absenden" }).click();
  await expect(page.getByTestId("removal-sent")).toBeVisible();

  // The member: the report form on the profile, behind its disclosure.
  // demo_client: a fresh sign-up would first be sent through the registration steps.
  const member = DEMO.client;
  await logIn(page, member, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto(`/de/p/${memberTarget}`);
  const report = page.getByTestId("report-action");
  await report.getByText("Profil melden").click();
  await report.getByLabel("Was ist das Problem?").selectOption("fake_profile");
  await report.getByLabel("Erklärung (freiwillig)").fill("Die Fotos stammen von einer Stockfoto-Seite.");
  // Without the good-faith statement: refused at the box, the disclosure open and the input kept.
  await report.getByRole("button", { name: "Meldung absenden" }).click();
  await expect(report.locator('[data-field-error="good_faith"]')).toHaveText("Bitte bestätige, dass deine Angaben richtig sind.");
  await expect(report.getByLabel("Was ist das Problem?")).toHaveValue("fake_profile");
  await expect(report.getByLabel("Erklärung (freiwillig)")).toHaveValue("Die Fotos stammen von einer Stockfoto-Seite.");
  await report.getByLabel("Ich versichere").check();
  await report.getByRole("button", { name: "Meldung absenden" }).click();
  await expect(page.getByTestId("profile-action-done")).toContainText("Deine Meldung ist eingegangen");
  await page.goto("/de/user/reports");
  const mine = page.getByTestId("my-report").filter({ hasText: memberTarget });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("In Prüfung");
  // The back office is not for members.
  expect((await page.goto("/de/backoffice/reports"))?.status()).toBe(404);

  // The team: both reports in the queue, the trafficking one above; decide the member's.
  const team = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "x-forwarded-for": clientIp },
  });
  const teamPage = await team.newPage();
  await logIn(teamPage, TEAM.username, TEAM.password);
  await teamPage.waitForURL((url) => !url.pathname.endsWith("/login"));
  await teamPage.goto("/de/backoffice");
  await teamPage.getByTestId("backoffice-reports-link").click();
  await expect(teamPage.getByRole("heading", { level: 1 })).toHaveText("Meldungen");
  const guestItem = teamPage.locator(`[data-testid="report-item"][data-target="${guestTarget}"]`);
  const memberItem = teamPage.locator(`[data-testid="report-item"][data-target="${memberTarget}"]`);
  await expect(guestItem).toContainText("Zwang, Menschenhandel oder Ausbeutung");
  await expect(guestItem).toContainText("Gast: Gisela Gast");
  await expect(memberItem).toContainText(`Mitglied: ${member}`);
  await expect(memberItem.getByRole("link", { name: memberTarget })).toHaveAttribute("href", `/de/p/${memberTarget}`);
  await memberItem.getByRole("button", { name: "Entscheidung speichern" }).click();
  await expect(memberItem.locator('[data-field-error="outcome"]')).toHaveText("Bitte wähle eine Entscheidung aus.");
  await memberItem.getByLabel("Entscheidung", { exact: true }).selectOption("no_action");
  await memberItem.getByLabel("Begründung").fill(STATEMENT);
  await memberItem.getByRole("button", { name: "Entscheidung speichern" }).click();
  await expect(teamPage.getByTestId("backoffice-notice")).toBeVisible();
  await expect(memberItem).toHaveCount(0);
  await expect(guestItem).toHaveCount(1);
  await team.close();

  // The member reads the decision and its reasons.
  await page.goto("/de/user/reports");
  await expect(mine).toContainText("Entschieden");
  await expect(mine.getByTestId("my-report-decision")).toContainText("Kein Verstoß festgestellt");
  await expect(mine.getByTestId("my-report-decision")).toContainText(STATEMENT);
});

test("a guest's notice: the address confirmed through the mailed link, then the receipt arrives", async ({ page, clientIp }) => {
  const email = `melderin_${clientIp.replaceAll(".", "_")}@example.test`;
  const mailbox = `/de/dev/mailbox?to=${encodeURIComponent(email)}`;
  const mail = (template: string) => page.locator(`[data-mail='${template}'][data-recipient='${email}']`);
  await page.goto("/de/about/content_removal_request");
  await page.getByLabel("Genaue Adresse (URL) des Inhalts").fill(new URL("/de/about/imprint", page.url()).href);
  await page.getByLabel("Was ist das Problem?").selectOption("personal_data");
  await page.getByLabel("Erklärung", { exact: true }).fill("Auf dieser Seite stehen meine private Adresse und meine Telefonnummer.");
  await page.getByLabel("Dein Name").fill("Mia Melderin");
  await page.getByLabel("Deine E-Mail-Adresse").fill(email);
  await page.getByLabel("Ich versichere").check();
  await page.getByRole("button", { name: "Meldung absenden" }).click();
  const sent = page.getByTestId("removal-sent");
  await expect(sent).toHaveAttribute("data-receipt", "confirmation_sent");
  await expect(sent).toContainText("Bestätige darin deine Adresse");

  // Only the link so far: no receipt to an address nobody confirmed.
  await page.goto(mailbox);
  await expect(mail("report_email_confirm")).toHaveCount(1);
  await expect(mail("report_received")).toHaveCount(0);
  const link = await mail("report_email_confirm").locator("[data-mail-link]").getAttribute("href");
  expect(link).toMatch(/\/de\/about\/content_removal_request\/confirm\?token=[A-Za-z0-9_-]+$/);

  // Opening the link shows a button and confirms nothing (a mail scanner that follows links confirms nothing).
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-Mail-Adresse bestätigen");
  await page.goto(mailbox);
  await expect(mail("report_received")).toHaveCount(0);

  await page.goto(link!);
  await page.getByRole("button", { name: "Adresse bestätigen" }).click();
  await expect(page.getByTestId("notice-confirmed")).toContainText(/Meldung R-\d{6}/);
  const reference = /R-\d{6}/.exec((await page.getByTestId("notice-confirmed").textContent())!)![0];
  await page.goto(mailbox);
  await expect(mail("report_received")).toHaveCount(1);
  await expect(mail("report_received")).toContainText(reference);

  // The link works once.
  await page.goto(link!);
  await page.getByRole("button", { name: "Adresse bestätigen" }).click();
  await expect(page.locator("[data-form-errors]")).toContainText("ungültig, abgelaufen oder schon benutzt");
  await expect(page.getByRole("link", { name: "Zum Meldeformular" })).toBeVisible();
});
