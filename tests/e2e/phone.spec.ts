/**
 * What a member sees on a phone (issue 9 items 17-22), as a 390 px browser
 * with JavaScript off. Every test saves screenshots under test-results (the
 * run's artifacts, attached to the report) and asserts what the eye checks:
 * no sideways scrolling, results on the first screen, 44 px tap targets,
 * counts that agree with each other.
 */
import type { Locator, Page, TestInfo } from "@playwright/test";
import { DEMO, expect, logIn, SIGN_UP_PASSWORD, signUp, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
test.use({ javaScriptEnabled: false, viewport: PHONE });

/** A screenshot in this test's output folder (test-results/phone-…/NAME.png): the run's artifacts. */
async function shoot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: options.fullPage ?? false });
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the page must not scroll sideways").toBeLessThanOrEqual(PHONE.width);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "element has a box").not.toBeNull();
  return b!;
}

async function expectTapTarget(locator: Locator) {
  const b = await box(locator);
  expect(b.height, "tap target height").toBeGreaterThanOrEqual(44);
  expect(b.width, "tap target width").toBeGreaterThanOrEqual(44);
}

/** The number in "Gefundene Profile: 56" (1000+ as k). */
async function totalOf(page: Page): Promise<number> {
  const text = (await page.getByTestId("search-total").textContent()) ?? "";
  const [, n = "", k] = /([\d.,]+)(k?)$/.exec(text.trim()) ?? [];
  return Number(n.replace(",", ".")) * (k ? 1000 : 1);
}

/** Tiles stand in two columns: pairs share a row, the next pair sits below. */
async function expectTwoColumns(tiles: Locator) {
  const [a, b, c] = [await box(tiles.nth(0)), await box(tiles.nth(1)), await box(tiles.nth(2))];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  expect(b.x).toBeGreaterThan(a.x + a.width - 1);
  expect(c.y).toBeGreaterThan(a.y + a.height - 1);
  expect(Math.abs(c.x - a.x)).toBeLessThan(2);
  // Each half of the width, not a full-width card.
  expect(a.width).toBeLessThan(PHONE.width / 2);
  expect(a.width).toBeGreaterThan(PHONE.width / 2 - 40);
}

test("the header takes two rows on a phone for a guest and three at most for a member; every tool is a 44 px target", async ({
  page,
}, testInfo) => {
  const header = page.locator("header");
  await page.goto("/de/escorts");
  // Logo with the login and sign-up buttons in one row, the sections in the second.
  expect((await box(header)).height).toBeLessThanOrEqual(120);
  await expectTapTarget(header.getByRole("link", { name: "Anmelden" }));
  await expectTapTarget(header.getByRole("link", { name: "Registrieren" }));
  await expectNoSidewaysScroll(page);
  await shoot(page, testInfo, "header-guest");

  await logIn(page, DEMO.client, DEMO.password);
  await page.goto("/de/escorts");
  // A member's sections (with the saved search, four) wrap onto a third row rather than being cut off (issue 25
  // item 8, ADR 071): the tools row, two rows of sections, nothing more.
  expect((await box(header)).height).toBeLessThanOrEqual(150);
  for (const tool of [
    header.getByTestId("nav-messages"),
    header.getByTestId("nav-dates"),
    header.getByTestId("notification-bell").locator("summary"),
    header.getByTestId("nav-dashboard"),
  ]) {
    await expectTapTarget(tool);
  }
  // The words stay for screen readers; logout lives on the dashboard.
  await expect(header.getByRole("link", { name: /^Nachrichten/ })).toHaveCount(1);
  await expect(header.getByRole("button", { name: "Abmelden" })).toBeHidden();
  await expectNoSidewaysScroll(page);
  await shoot(page, testInfo, "header-member");
  await header.getByTestId("nav-dashboard").click();
  await expect(page.getByTestId("dashboard-logout")).toBeVisible();
});

test.describe("search on a phone (items 17, 18)", () => {
  test("results come first in a two-column photo grid; each whole tile is one link", async ({ page }, testInfo) => {
    await page.goto("/de/escorts");
    await shoot(page, testInfo, "search-first-screen");
    await expectNoSidewaysScroll(page);

    const tiles = page.getByTestId("search-tile");
    await expect(tiles).toHaveCount(24);
    // The first result is on the first screen, near the top (it started at 905 px).
    const first = await box(tiles.first());
    expect(first.y).toBeLessThan(400);
    expect(first.y + first.height).toBeLessThan(PHONE.height);
    await expectTwoColumns(tiles);

    // The tile is the link: photo, name and price inside one <a> with a real tap target.
    const tile = tiles.first();
    expect(await tile.evaluate((el) => el.tagName)).toBe("A");
    await expect(tile.locator("img")).toHaveCount(1);
    await expect(tile.getByTestId("tile-price")).toBeVisible();
    await expectTapTarget(tile);
    const imageBox = await box(tile.locator("img"));
    expect(imageBox.width).toBeGreaterThan(150);
    const name = (await tile.textContent()) ?? "";
    await tile.click();
    await expect(page).toHaveURL(/\/de\/p\/[^/]+$/);
    expect(name).toContain((await page.getByRole("heading", { level: 1 }).textContent())?.split(",")[0] ?? "—");
  });

  test("filters fold behind a summary line and a Filter disclosure that opens without JavaScript", async ({ page }, testInfo) => {
    await page.goto("/de/escorts");
    const filters = page.getByTestId("search-filters");
    await expect(filters).not.toHaveAttribute("open", "");
    await expect(page.getByTestId("search-form").getByLabel("Umkreis")).toBeHidden();
    const toggle = page.getByTestId("search-filters-toggle");
    await expect(toggle).toHaveText("Filter");
    await expectTapTarget(toggle);

    // Counts agree: the total, the tiles on page 1 and the pager.
    const total = await totalOf(page);
    expect(total).toBeGreaterThan(24);
    await expect(page.getByRole("navigation", { name: "Seiten" })).toContainText(`Seite 1 von ${Math.ceil(total / 24)}`);
    await expectTapTarget(page.getByTestId("next-page"));

    await toggle.click();
    await expect(filters).toHaveAttribute("open", "");
    await shoot(page, testInfo, "search-filters-open");
    const form = page.getByTestId("search-form");
    await form.getByLabel(/^Frau/).check();
    await form.getByLabel("Alter").selectOption("26-35");
    await form.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/gender=2&age=26-35/);

    // The summary line names what is active; the disclosure counts it; the results stay first.
    const summary = page.getByTestId("search-summary");
    await expect(summary).toContainText("Frau");
    await expect(summary).toContainText("Alter 26-35");
    await expect(page.getByTestId("search-filters-toggle")).toHaveText("Filter (2 aktiv)");
    await expect(page.getByTestId("search-filters")).not.toHaveAttribute("open", "");
    const filtered = await totalOf(page);
    expect(filtered).toBeLessThan(total);
    await expect(page.getByTestId("search-tile")).toHaveCount(Math.min(filtered, 24));
    expect((await box(page.getByTestId("search-tile").first())).y).toBeLessThan(450);
    await shoot(page, testInfo, "search-filtered");
    await expectNoSidewaysScroll(page);
  });

  test("agencies and clubs use the same grid", async ({ page }, testInfo) => {
    await page.goto("/de/agenturen-clubs");
    await shoot(page, testInfo, "agencies-first-screen");
    await expectNoSidewaysScroll(page);
    const tiles = page.getByTestId("search-tile");
    expect(await tiles.count()).toBeGreaterThan(2);
    expect((await box(tiles.first())).y).toBeLessThan(400);
    await expectTwoColumns(tiles);
    await expectTapTarget(tiles.first());
  });

  test("an unknown city says so and shows no results from elsewhere (item 22)", async ({ page }, testInfo) => {
    await page.goto("/de/escorts?city=Atlantis");
    await shoot(page, testInfo, "search-unknown-city");
    await expect(page.getByText("Den Ort „Atlantis“ haben wir nicht gefunden.")).toBeVisible();
    await expect(page.getByTestId("search-filters")).toHaveAttribute("open", "");
    await expect(page.getByTestId("search-total")).toHaveCount(0);
    await expect(page.getByTestId("search-tile")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});

test.describe("directory and profiles on a phone (items 17, 22)", () => {
  test("the city page: the same tiles, one profile count that matches the tiles and pages", async ({ page }, testInfo) => {
    await page.goto("/de/escort/deutschland/berlin/berlin");
    await shoot(page, testInfo, "city-first-screen");
    await shoot(page, testInfo, "city-full", { fullPage: true });
    await expectNoSidewaysScroll(page);
    const heading = (await page.locator("#profiles-heading").textContent()) ?? "";
    const count = Number(/(\d+)/.exec(heading)?.[1]);
    expect(count).toBeGreaterThan(12);
    // No second, contradicting count ("… auf einen Blick (0)").
    await expect(page.getByRole("main")).not.toContainText("(0)");
    await expect(page.getByRole("main")).toContainText(`aktuell ${count} Profile`);
    const tiles = page.getByTestId("search-tile");
    await expect(tiles).toHaveCount(12);
    await expectTwoColumns(tiles);
    await expectTapTarget(tiles.first());
    await expect(page.getByRole("navigation", { name: "Seiten" }).getByRole("listitem")).toHaveCount(Math.min(Math.ceil(count / 12), 6));
  });

  test("a profile: every tab in sight, spaced hours, and a larger photo view without JavaScript", async ({ page }, testInfo) => {
    await page.goto("/de/p/demo_escort");
    await shoot(page, testInfo, "profile-first-screen");
    await expectNoSidewaysScroll(page);

    // Tabs wrap instead of hiding "Blogs" off screen.
    const tabs = page.getByRole("navigation", { name: "Profilbereiche" }).getByRole("link");
    expect(await tabs.count()).toBeGreaterThanOrEqual(4);
    for (const tab of await tabs.all()) {
      const b = await box(tab);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
      expect(b.height).toBeGreaterThanOrEqual(44);
    }
    await expect(tabs.filter({ hasText: "Blogs" })).toBeInViewport();

    // The hours table: in every row the day and its hours keep a gap (the longest day name included).
    const hoursTable = page.getByRole("heading", { name: "Arbeitszeiten" }).locator("xpath=following-sibling::table[1]");
    const gaps = await hoursTable.locator("tr").evaluateAll((rows) =>
      rows.map((tr) => {
        const rect = (el: Element) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return range.getBoundingClientRect();
        };
        return rect(tr.querySelector("td")!).left - rect(tr.querySelector("th")!).right;
      }),
    );
    expect(gaps.length).toBeGreaterThan(2);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(12);
    await page.getByRole("heading", { name: "Arbeitszeiten" }).scrollIntoViewIfNeeded();
    await shoot(page, testInfo, "profile-hours");

    // Thumbnails open the largest image over the whole screen; close and neighbours are tap targets.
    const thumbs = page.getByTestId("gallery-thumb");
    expect(await thumbs.count()).toBeGreaterThanOrEqual(2);
    const thumbBox = await box(thumbs.first().locator("img"));
    await thumbs.first().click();
    await expect(page).toHaveURL(/#photo-/);
    const view = page.locator("[data-testid=photo-view]:target");
    await expect(view).toBeVisible();
    // The larger photo is the open view's background (fetched only when it opens, issue 25): its box fills the screen.
    const large = await box(view.getByTestId("photo-large"));
    expect(large.width).toBeGreaterThan(thumbBox.width * 2.5);
    expect(large.width).toBeGreaterThanOrEqual(PHONE.width - 40);
    expect(await view.getByTestId("photo-large").evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(
      /\/media\/.+\/\d+\.(avif|webp|jpg)/,
    );
    await expectTapTarget(view.getByTestId("photo-close"));
    await expectTapTarget(view.getByRole("link", { name: "Weiter ›" }));
    await shoot(page, testInfo, "profile-photo-view");
    await view.getByRole("link", { name: "Weiter ›" }).click();
    await expect(page.locator("[data-testid=photo-view]:target")).toContainText("Foto 2 von");
    await page.locator("[data-testid=photo-view]:target").getByTestId("photo-close").click();
    await expect(page.locator("[data-testid=photo-view]:target")).toHaveCount(0);
    // The head photo opens its larger view too.
    await page.getByTestId("avatar-open").click();
    await expect(page.locator("[data-testid=photo-view]:target")).toBeVisible();
  });

  test("the terms page does not scroll sideways; its long heading wraps", async ({ page }, testInfo) => {
    await page.goto("/de/legal/terms_and_conditions");
    await shoot(page, testInfo, "terms-first-screen");
    await expectNoSidewaysScroll(page);
    const h1 = page.getByRole("heading", { level: 1 });
    const b = await box(h1);
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
    expect(await h1.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test.describe("clients' privacy (item 20)", () => {
  test("a guest never sees a client's profile; the sitemap does not list it", async ({ page, request }, testInfo) => {
    await page.goto(`/de/p/${DEMO.client}`);
    await expect(page.getByTestId("members-only")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("main")).not.toContainText("Merkmale");
    await shoot(page, testInfo, "client-profile-guest");
    const sitemap = await (await request.get("/sitemaps/de/profiles-1.xml")).text();
    expect(sitemap).toContain("/de/p/demo_escort<");
    expect(sitemap).not.toContain(`/de/p/${DEMO.client}<`);
    // Members see it, still never indexable.
    await logIn(page, DEMO.escort, DEMO.password);
    await page.goto(`/de/p/${DEMO.client}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});

test.describe("registration on a phone (items 20, 22)", () => {
  test("a male client: photo optional, special data only with consent, no cup sizes, one 'no answer' per group, nothing overflows", async ({
    page,
    request,
    clientIp,
  }, testInfo) => {
    const username = await signUp(request, clientIp, "client", 1);
    await logIn(page, username, SIGN_UP_PASSWORD);
    await expect(page).toHaveURL(/\/de\/join\/user\/photo/);
    await shoot(page, testInfo, "join-photo-client");
    await expect(page.locator('input[type="file"]')).not.toHaveAttribute("required", "");
    await page.getByTestId("photo-skip").click();
    await expect(page).toHaveURL(/\/de\/join\/user\/profile$/);

    await expectNoSidewaysScroll(page);
    // Long labels wrap inside their group ("Lateinamerikanisch", "Aserbaidschanisch").
    const overflowing = await page.locator("fieldset[data-group] label").evaluateAll((labels) =>
      labels
        .filter((label) => {
          const group = label.closest("fieldset")!.getBoundingClientRect();
          const own = label.getBoundingClientRect();
          return own.right > group.right + 0.5 || label.scrollWidth > label.clientWidth + 1;
        })
        .map((label) => label.textContent),
    );
    expect(overflowing).toEqual([]);
    await page.locator('input[name="relationship_status"][value="1"]').check();
    await page.locator('input[name="sexuality"][value="2"]').check();
    await page.getByLabel("Wohnort oder Arbeitsort").fill("Köln");
    await page.getByRole("button", { name: "Speichern und weiter" }).click();
    await expect(page.locator('[data-field-error="special_data_consent"]')).toHaveText(
      "Für Angaben zu Herkunft oder sexueller Orientierung brauchen wir deine Einwilligung. Setze den Haken oder wähle „Keine Angabe“.",
    );
    await expect(page.locator('input[name="sexuality"][value="2"]')).toBeChecked();
    await expect(page.getByLabel("Wohnort oder Arbeitsort")).toHaveValue("Köln");
    await page.getByTestId("special-data").scrollIntoViewIfNeeded();
    await shoot(page, testInfo, "join-profile-consent-error");
    await page.getByLabel(/Ich willige ausdrücklich ein/).check();
    await page.getByRole("button", { name: "Speichern und weiter" }).click();
    await expect(page).toHaveURL(/\/de\/join\/user\/appearance$/);

    await shoot(page, testInfo, "join-appearance-male", { fullPage: true });
    await expectNoSidewaysScroll(page);
    await expect(page.locator('fieldset[data-group="cup_size"]')).toHaveCount(0);
    for (const group of await page.locator("fieldset[data-group]").all()) {
      const noAnswer = group.getByText("Keine Angabe", { exact: true });
      const single = (await group.locator('input[type="radio"]').count()) > 0;
      await expect(noAnswer).toHaveCount(single ? 1 : 0);
    }
    await page.getByRole("button", { name: "Speichern und weiter" }).click();
    await expect(page).toHaveURL(/\/de\/join\/user\/completed$/);

    // The consent is shown with its day and can be withdrawn with a plain form.
    await page.goto("/de/my_dashboard");
    const privacy = page.getByTestId("dashboard-privacy");
    await expect(privacy).toContainText(/eingewilligt/);
    await privacy.getByTestId("withdraw-special-data").click();
    await expect(page.getByTestId("dashboard-privacy")).toContainText("Deine Einwilligung ist widerrufen");
    await expect(page.getByTestId("dashboard-privacy")).toContainText("Wir speichern keine Angaben");
  });
});

test("the sign-up form keeps every control inside its card, in each language", async ({ page }, testInfo) => {
  for (const lang of ["de", "en", "es", "pl"]) {
    await page.goto(`/${lang}/join/user/sign-up`);
    const outside = await page.locator("form:has(input[name=birth_year])").evaluate((form) => {
      const card = form.getBoundingClientRect();
      // The honeypot stands off-screen on purpose (aria-hidden): people never see it.
      return [...form.querySelectorAll("input:not([type=hidden]), select, textarea, button")]
        .filter((control) => !control.closest("[aria-hidden=true]"))
        .filter((control) => {
          const own = control.getBoundingClientRect();
          return own.left < card.left - 0.5 || own.right > card.right + 0.5;
        })
        .map((control) => control.getAttribute("name") ?? control.tagName);
    });
    expect(outside, lang).toEqual([]);
    await expectNoSidewaysScroll(page);
    if (lang === "pl") await shoot(page, testInfo, "sign-up-pl", { fullPage: true });
  }
});

test.describe("a new member from a profile prompt (items 19, 21)", () => {
  test("sign up as a client from a profile, come back to it, browse unverified, verify, and return again", async ({ page }, testInfo) => {
    await page.goto("/de/p/demo_escort");
    const prompt = page.getByTestId("guest-actions");
    await expectTapTarget(prompt.getByRole("link", { name: "Nachricht schreiben" }));
    await prompt.getByRole("link", { name: "Nachricht schreiben" }).click();
    await expect(page).toHaveURL(/\/de\/join\/user\?r=%2Fde%2Fp%2Fdemo_escort$/);
    await page.getByTestId("join-as-client").click();
    await expect(page).toHaveURL(/\/de\/join\/user\/sign-up\?type=client&r=%2Fde%2Fp%2Fdemo_escort$/);

    const username = `ux_${Date.now().toString(36)}`;
    const email = `${username}@example.test`;
    await page.getByRole("radio", { name: "Herr" }).check();
    await page.getByLabel("Geschlecht").selectOption({ label: "Mann" });
    await page.getByLabel("Benutzername").fill(username);
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(SIGN_UP_PASSWORD);
    await page.getByLabel("Tag", { exact: true }).selectOption("3");
    await page.getByLabel("Monat", { exact: true }).selectOption("11");
    // A first attempt with an error keeps the way back.
    await page.getByLabel("Jahr", { exact: true }).fill("1880");
    await page.getByLabel("Ich akzeptiere die AGB.").check();
    await page.getByLabel(/Datenschutzerklärung gelesen/).check();
    await page.getByRole("button", { name: "Kostenlos registrieren" }).last().click();
    await expect(page.locator('input[type="hidden"][name="r"]')).toHaveValue("/de/p/demo_escort");
    await page.getByLabel("Jahr", { exact: true }).fill("1980");
    await page.getByLabel("Passwort", { exact: true }).fill(SIGN_UP_PASSWORD);
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
    await shoot(page, testInfo, "join-completed-return");
    await page.getByTestId("return-to").click();
    await expect(page).toHaveURL(/\/de\/p\/demo_escort$/);

    // Unverified: the profile and search open (no redirect); messaging asks for verification first.
    await expect(page.getByTestId("verify-email-notice")).toBeVisible();
    const verify = page.getByTestId("verify-email-actions");
    await expect(verify).toBeVisible();
    await shoot(page, testInfo, "profile-unverified-member");
    await page.goto("/de/escorts");
    await expect(page).toHaveURL(/\/de\/escorts$/);
    await expect(page.getByTestId("search-tile").first()).toBeVisible();
    await page.goto("/de/my_dashboard");
    await expect(page).toHaveURL(/\/de\/my_dashboard$/);

    // "Later" goes back to where the member was, never in a circle.
    await page.goto("/de/p/demo_escort");
    await page.getByTestId("verify-email-actions").getByRole("link").click();
    await expect(page).toHaveURL(/\/de\/join\/user\/email\?r=%2Fde%2Fp%2Fdemo_escort$/);
    await shoot(page, testInfo, "verify-email-page");
    await page.getByTestId("email-later").click();
    await expect(page).toHaveURL(/\/de\/p\/demo_escort$/);

    // The mailed link: confirm, then "continue" returns to the profile, where messaging is offered now.
    await page.goto(`/de/dev/mailbox?to=${encodeURIComponent(email)}`);
    const link = await page.locator('[data-mail="email_verification"] [data-mail-link]').first().getAttribute("href");
    await page.goto(link!);
    await page.getByTestId("email-confirm").click();
    await expect(page.getByTestId("email-verified")).toBeVisible();
    await page.getByTestId("email-continue").click();
    await expect(page).toHaveURL(/\/de\/p\/demo_escort$/);
    await expect(page.getByTestId("verify-email-notice")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Nachricht schreiben" })).toBeVisible();
    await shoot(page, testInfo, "profile-verified-member");
  });
});
