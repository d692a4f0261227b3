import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures";
import { startOwnServer } from "./own-server";

/**
 * The back office's editors (issue 30 item 5, ADR 120) with JavaScript off, at phone width:
 * - an announcement written in German, then edited to add English: a member sees each language's text, the editor
 *   shows which languages are missing, and ending it takes it off the bar (on a server of this test's own: an active
 *   announcement shows on every page of the shared one);
 * - a landing page created (a refused short URL first) and visible at /de/lp/… and /en/lp/… with its texts, then
 *   taken off line;
 * - an info page edited, its previous version shown at …/previous, and the old version restored.
 */
const OWN_PORT = Number(process.env.E2E_PORT ?? 3300) + 2;
const TEAM = "demo_team";

async function phonePage(browser: Browser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: "de-DE",
  });
  return context.newPage();
}

async function signIn(page: Page, username: string) {
  await logIn(page, username, DEMO.password);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

test("an announcement in two languages: each shown to a member, the missing ones named, then ended", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const server = await startOwnServer(OWN_PORT);
  try {
    const staff = await phonePage(browser, server.base);
    await signIn(staff, TEAM);
    await staff.goto("/de/backoffice/announcements");
    await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Ankündigungen");
    await expect(staff.getByText("Noch keine Ankündigungen.")).toBeVisible();
    // No German text (only blanks, which the browser's own check lets through): refused at its field, the rest kept.
    await staff.getByLabel("Text auf Deutsch").fill("   ");
    await staff.getByLabel("Text auf Englisch (leer: Deutsch)").fill("Maintenance tonight");
    await staff.getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(staff.locator("[data-field-error=text_de]")).toHaveText("Bitte fülle dieses Feld aus.");
    await expect(staff.getByLabel("Text auf Englisch (leer: Deutsch)")).toHaveValue("Maintenance tonight");
    await staff.getByLabel("Text auf Englisch (leer: Deutsch)").fill("");
    await staff.getByLabel("Titel auf Deutsch (optional)").fill("Wartung");
    await staff.getByLabel("Text auf Deutsch").fill("Heute Nacht zwischen 2 und 3 Uhr ist die Seite kurz nicht erreichbar.");
    await staff.getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(staff.getByTestId("announcement-created")).toBeVisible();
    const item = staff.getByTestId("announcement-item").first();
    await expect(item).toHaveAttribute("data-state", "active");
    await expect(item.getByTestId("announcement-languages")).toHaveText("Es fehlen EN, ES, PL: dort steht der deutsche Text.");

    // Edit: the form holds the saved texts; English added.
    await item.getByTestId("announcement-edit").click();
    await expect(staff.getByRole("heading", { name: /Ankündigung #\d+ bearbeiten/ })).toBeVisible();
    await expect(staff.getByLabel("Text auf Deutsch")).toHaveValue(/zwischen 2 und 3 Uhr/);
    await staff.getByLabel("Titel auf Englisch (leer: Deutsch)").fill("Maintenance");
    await staff.getByLabel("Text auf Englisch (leer: Deutsch)").fill("Tonight between 2 and 3 am the site is briefly unavailable.");
    await staff.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(staff.getByTestId("announcement-updated")).toBeVisible();
    await expect(item.getByTestId("announcement-languages")).toHaveText("Es fehlen ES, PL: dort steht der deutsche Text.");
    await staff.screenshot({ path: testInfo.outputPath("backoffice-announcements-390.png"), fullPage: true });

    // A member sees the German text on German pages and the English one on English pages.
    const member = await phonePage(browser, server.base);
    await signIn(member, DEMO.client);
    expect((await member.request.get("/de/backoffice/announcements")).status()).toBe(404);
    await member.goto("/de/my_dashboard");
    await expect(member.getByTestId("announcement")).toContainText("Wartung");
    await expect(member.getByTestId("announcement")).toContainText("zwischen 2 und 3 Uhr");
    await member.screenshot({ path: testInfo.outputPath("announcement-de-390.png") });
    await member.goto("/en/my_dashboard");
    await expect(member.getByTestId("announcement")).toContainText("Tonight between 2 and 3 am");

    // Ended: off the bar at once, listed as ended, no end button any more.
    await staff.goto("/de/backoffice/announcements");
    await item.getByRole("button", { name: "Jetzt beenden" }).click();
    await expect(staff.getByTestId("announcement-ended")).toBeVisible();
    await expect(item).toHaveAttribute("data-state", "ended");
    await expect(item.getByRole("button", { name: "Jetzt beenden" })).toHaveCount(0);
    await member.goto("/de/my_dashboard");
    await expect(member.getByTestId("announcement")).toHaveCount(0);
  } finally {
    server.child.kill("SIGKILL");
  }
});

test("a landing page is created, shown at /de/lp/… and /en/lp/… with its texts, and taken off line", async ({
  browser,
  clientIp,
  request,
}, testInfo) => {
  const staff = await phonePage(browser);
  await staff.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await signIn(staff, TEAM);
  const shortUrl = `leipzig-escorts-${clientIp.replaceAll(".", "-")}`;
  await staff.goto("/de/backoffice/landing-pages");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Landingpages");
  await staff.getByTestId("landing-new").click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Neue Landingpage");
  // A short URL with capitals' neighbours and spaces: refused at its field, the texts kept.
  await staff.getByLabel("Kurz-URL (lp/…)").fill("Leipzig Escorts!");
  await staff.getByLabel("Stadt (Schlüssel, optional)").fill("leipzig");
  await staff.getByLabel("Geschlecht").selectOption("2");
  await staff.getByLabel("Überschrift auf Deutsch").fill("Escort-Damen in Leipzig");
  await staff.getByLabel("Beschreibung auf Deutsch").fill("Verifizierte Escort-Damen in Leipzig: Profile, Preise und Zeiten.");
  await staff.getByLabel("Einleitung auf Deutsch (optional)").fill("Leipzig ist lebendig.\n\nHier findest du Damen aus der Stadt.");
  await staff.getByLabel("Überschrift auf Englisch (leer: Deutsch)").fill("Escort ladies in Leipzig");
  await staff.getByRole("button", { name: "Anlegen und veröffentlichen" }).click();
  await expect(staff.locator("[data-field-error=short_url]")).toHaveText(
    "Nur Kleinbuchstaben, Ziffern und Bindestriche, 3 bis 60 Zeichen.",
  );
  await expect(staff.getByLabel("Überschrift auf Deutsch")).toHaveValue("Escort-Damen in Leipzig");
  await expect(staff.getByLabel("Geschlecht")).toHaveValue("2");
  await staff.getByLabel("Kurz-URL (lp/…)").fill(shortUrl);
  await staff.getByRole("button", { name: "Anlegen und veröffentlichen" }).click();
  await expect(staff.getByTestId("landing-done")).toHaveText("Die Landingpage ist angelegt und online.");
  await expect(staff.getByTestId("landing-state")).toHaveText("Online");
  await staff.screenshot({ path: testInfo.outputPath("backoffice-landing-page-390.png"), fullPage: true });

  // The public page, from the editor's link: the German texts; the English heading on the English page.
  await staff.getByTestId("landing-public-link").click();
  await expect(staff).toHaveURL(new RegExp(`/de/lp/${shortUrl}$`));
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Escort-Damen in Leipzig");
  await expect(staff.getByTestId("landing-intro")).toHaveText(["Leipzig ist lebendig.", "Hier findest du Damen aus der Stadt."]);
  await expect(staff).toHaveTitle(/^Escort-Damen in Leipzig \|/);
  const guest = await phonePage(browser);
  await guest.goto(`/de/lp/${shortUrl}`);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Escort-Damen in Leipzig");
  await guest.screenshot({ path: testInfo.outputPath("landing-page-public-390.png"), fullPage: true });
  await guest.goto(`/en/lp/${shortUrl}`);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Escort ladies in Leipzig");

  // In the list with its state; taken off line, the address leads home.
  await staff.goto("/de/backoffice/landing-pages");
  const listed = staff.locator(`[data-testid="landing-item"][data-short-url="${shortUrl}"]`);
  await expect(listed).toContainText("Online");
  await expect(listed).toContainText("Es fehlen ES, PL");
  await staff.screenshot({ path: testInfo.outputPath("backoffice-landing-list-390.png"), fullPage: true });
  await listed.getByRole("link", { name: "Bearbeiten" }).click();
  await staff.getByRole("button", { name: "Offline nehmen" }).click();
  await expect(staff.getByTestId("landing-done")).toHaveText("Die Landingpage ist offline.");
  // A guest's next request (outside any browser cache; the server keeps a guest page at most five seconds).
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/de/lp/${shortUrl}`, { maxRedirects: 0 });
        return `${answer.status()} ${answer.headers().location ?? ""}`;
      },
      { timeout: 20_000 },
    )
    .toBe("302 /de");
});

test("an info page edited: the old text at …/previous, then restored as the newest version", async ({ browser, clientIp }, testInfo) => {
  const staff = await phonePage(browser);
  await staff.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
  await signIn(staff, TEAM);
  await staff.goto("/de/backoffice/pages");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Info- und Rechtsseiten");
  await staff.screenshot({ path: testInfo.outputPath("backoffice-pages-390.png") });
  // The main queue leads to every editor this role may open (not the objections: backend only).
  await staff.goto("/de/backoffice");
  const links = staff.getByTestId("backoffice-content-links");
  await expect(links.getByRole("link")).toHaveText([
    "Ankündigungen",
    "Info- und Rechtsseiten",
    "Landingpages",
    "Werbung",
    "Fehlende Übersetzungen",
    "Warnliste",
  ]);
  await staff.goto("/de/backoffice/pages/about/social_responsibility/de");
  const marker = `Neuer Absatz ${clientIp}`;
  const textarea = staff.getByLabel("Text (Markdown)");
  await textarea.fill(`${await textarea.inputValue()}\n\n${marker}`);
  // A changelog line too short: refused at its field, the text kept.
  await staff.getByLabel("Was wurde geändert?").fill("ab");
  await staff.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(staff.locator("[data-field-error=reason]")).toHaveText("Bitte beschreibe die Änderung in mindestens 3 Zeichen.");
  await expect(textarea).toHaveValue(new RegExp(marker));
  await staff.getByLabel("Was wurde geändert?").fill("Absatz ergänzt");
  await staff.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(staff.getByTestId("page-done")).toHaveText("Neue Version veröffentlicht.");
  await expect(staff.getByTestId("page-diff")).toContainText(`+ ${marker}`);

  const guest = await phonePage(browser);
  await guest.goto("/de/about/social_responsibility");
  await expect(guest.getByText(marker)).toBeVisible();
  // The version before the edit (the file's text) is what …/previous serves.
  await guest.goto("/de/about/social_responsibility/previous");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Soziale Verantwortung");
  await expect(guest.getByText(marker)).toHaveCount(0);
  await guest.screenshot({ path: testInfo.outputPath("about-previous-390.png"), fullPage: true });

  // Restoring the first version publishes its text again; the edit is then what …/previous serves.
  const history = staff.getByTestId("page-history").getByRole("listitem");
  const first = history.filter({ hasText: "Version 1" });
  await first.getByRole("button", { name: "Wiederherstellen" }).click();
  await expect(staff.getByTestId("page-done")).toHaveText("Alte Version als neue veröffentlicht.");
  await expect(history.first()).toContainText("Version 1 wiederhergestellt");
  await staff.screenshot({ path: testInfo.outputPath("backoffice-page-editor-390.png"), fullPage: true });
  // A guest who has not seen the page yet (a browser keeps an info page for minutes, the server's guest cache 5 s).
  await expect(async () => {
    const next = await phonePage(browser);
    await next.goto("/de/about/social_responsibility");
    await expect(next.getByRole("heading", { level: 1 })).toHaveText("Soziale Verantwortung");
    await expect(next.getByText(marker)).toHaveCount(0, { timeout: 1_000 });
    await next.goto("/de/about/social_responsibility/previous");
    await expect(next.getByText(marker)).toBeVisible({ timeout: 1_000 });
    await next.context().close();
  }).toPass({ timeout: 20_000 });
});
