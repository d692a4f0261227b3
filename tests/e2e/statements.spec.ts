/**
 * Statements of reasons (issue 30 item 4, DSA Art. 17, ADR 110), with JavaScript off at phone width: the team
 * refuses a fresh escort's photo in the back office; the escort opens the notification and reads the statement in
 * German — what was decided, the clause of the terms and why, that a person decided, and the link to the complaint.
 * Another member gets a 404 for it.
 */
import { expect, listedClient, listedEscortIn, logIn, noJsMemberPage, test } from "./fixtures";

const TEAM = { username: "demo_team", password: "demo-pass-2026" };

test("a photo refused by the team: the member opens the notification and reads the statement with the appeal link", async ({
  page,
  request,
  clientIp,
  browser,
}) => {
  const escort = await listedEscortIn(request, clientIp, "Potsdam");

  await logIn(page, TEAM.username, TEAM.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await page.goto(`/de/backoffice?owner=${escort}`);
  const photo = page.getByTestId("queue-item").filter({ has: page.getByRole("heading", { name: "Foto" }) });
  await expect(photo).toHaveCount(1);
  await photo.getByLabel("Grund der Ablehnung").selectOption("contact_details");
  await photo.getByRole("button", { name: "Ablehnen" }).click();
  await expect(page.getByTestId("backoffice-notice")).toBeVisible();

  const member = await noJsMemberPage(browser, clientIp, escort);
  await member.waitForURL((url) => !url.pathname.endsWith("/login"));
  // The notification is written by the statement's job, a moment after the decision.
  // One line for the refusal, the statement's: it names the photo (the queue sends no line of its own).
  const notification = member.getByTestId("notification").filter({ hasText: "Nicht freigegeben: dein Foto – lies die Begründung" });
  await expect(async () => {
    await member.goto("/de/my_notification");
    await expect(notification).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await notification.getByRole("link").first().click();

  await expect(member).toHaveURL(/\/de\/user\/statements\/\d+$/);
  const id = member.url().split("/").pop()!;
  await expect(member.getByRole("heading", { level: 1 })).toHaveText(/^Begründung S-\d{6}$/);
  await expect(member.getByTestId("statement-restriction")).toHaveText("Inhalt nicht sichtbar");
  await expect(member.getByTestId("statement-facts")).toHaveText(
    "Unser Team hat dein Foto vor der Veröffentlichung geprüft und nicht freigegeben. Für andere ist der Inhalt nicht sichtbar. " +
      "Grund: Telefonnummern, Adressen und Links gehören nicht in Fotos und Profiltexte.",
  );
  await expect(member.getByTestId("statement-ground")).toContainText("Unsere Nutzungsbedingungen: Kontakt über Velora");
  await expect(member.getByText("Die Entscheidung hat ein Mensch aus unserem Team getroffen.")).toBeVisible();
  const appeal = member.getByTestId("statement-appeal");
  await expect(appeal).toHaveText("Beschwerde einlegen");
  await expect(appeal).toHaveAttribute("href", `/de/user/statements/${id}/appeal`);
  await expect(member.getByTestId("statement-redress")).toContainText("Außergerichtliche Streitbeilegung");
  await member.screenshot({ path: "test-results/statements-detail-390.png", fullPage: true });
  // The link opens the complaint page itself (its route is not nested in the statement's page).
  await appeal.click();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Beschwerde gegen eine Entscheidung");
  await expect(member.getByTestId("appeal-statement")).toBeVisible();

  // The list, newest first, links to it.
  await member.goto("/de/user/statements");
  await expect(member.getByTestId("statement").first()).toContainText("Inhalt nicht sichtbar");
  await member.screenshot({ path: "test-results/statements-list-390.png", fullPage: true });
  await member.context().close();

  // Somebody else's statement is not found.
  const other = await listedClient(request, clientIp, 1);
  const stranger = await noJsMemberPage(browser, clientIp, other);
  await stranger.waitForURL((url) => !url.pathname.endsWith("/login"));
  const response = await stranger.goto(`/de/user/statements/${id}`);
  expect(response?.status()).toBe(404);
  await stranger.goto("/de/user/statements");
  await expect(stranger.getByTestId("statements-empty")).toBeVisible();
  await stranger.screenshot({ path: "test-results/statements-empty-390.png", fullPage: true });
  await stranger.context().close();
});
