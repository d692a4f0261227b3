/**
 * The trust & safety pages as a member and as staff see them (issue 30; ADRs 110, 113–115, 109), without JavaScript on
 * a phone (390 px), in German, English and Polish: each page answers 200, has its heading, nothing wider than the
 * screen, and every link and button of the main column is a 44 px target. A screenshot of each goes to the test's
 * output folder for a person to look at. The data comes from the API: an escort in Magdeburg whose photo the team
 * refused (a statement), a member whose report the team decided without action (a complaint they may file).
 */
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, listedClient, listedEscortIn, SIGN_UP_PASSWORD, test } from "./fixtures";
import { withE2eDb } from "./kyc-fixtures";

const PHONE = { width: 390, height: 844 };
const LANGUAGES = ["de", "en", "pl"] as const;
const LOCALES: Record<(typeof LANGUAGES)[number], string> = { de: "de-DE", en: "en-GB", pl: "pl-PL" };

async function signedIn(browser: Browser, clientIp: string, username: string, password: string, lang: string): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    locale: LOCALES[lang as keyof typeof LOCALES] ?? "de-DE",
    extraHTTPHeaders: { "x-forwarded-for": clientIp, "x-dev-key": process.env.DEV_ROUTES_KEY ?? "e2e-dev-routes-key-0123456789abcdef" },
  });
  const page = await context.newPage();
  await page.goto(`/${lang}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[method="post"] button[type="submit"]').last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  return page;
}

/** Nothing wider than the phone, and the main column's links and buttons large enough to tap. */
async function judge(page: Page, path: string, shot: string): Promise<void> {
  const response = await page.goto(path);
  await page.screenshot({ path: test.info().outputPath(`${shot}-390.png`), fullPage: true });
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${path} is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll("main a[href], main button, main select, main input:not([type=hidden]), main textarea")]
      .filter((element) => {
        // A radio or checkbox is tapped through its label row (ADR 071: the row is the 44 px target).
        const choice = element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox");
        const box = (choice ? (element.closest("label") ?? element) : element).getBoundingClientRect();
        // Links inside running text are exempt (WCAG 2.5.8's inline exception); so are hidden ones.
        if (box.width === 0 || box.height === 0) return false;
        if (element.tagName === "A" && element.closest("p, li > p, dd, td, small")) return false;
        return box.height < 44;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(element.getBoundingClientRect().height)}px`,
      ),
  );
  expect.soft(small, `${path}: targets under 44 px`).toEqual([]);
}

test("the trust & safety pages at 390 px without JavaScript in de, en and pl", async ({ browser, request, clientIp }) => {
  test.setTimeout(240_000);
  const headers = { "x-forwarded-for": clientIp, "accept-language": "de" };
  const tokenOf = async (username: string, password: string) => {
    const answer = await request.post("/oauth/v2/token", { headers, form: { grant_type: "password", username, password } });
    expect(answer.status(), await answer.text()).toBe(200);
    return { ...headers, authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
  };
  const team = await tokenOf("demo_team", DEMO.password);

  // An escort in Magdeburg whose waiting photo the team refuses: a statement of reasons.
  const escort = await listedEscortIn(request, clientIp, "Magdeburg");
  const waiting = await request.get(`/api/v2/backoffice/queue?owner=${escort}`, { headers: team });
  const mediaId = ((await waiting.json()).data.items as Array<{ kind: string; id: number }>).find((item) => item.kind === "media")!.id;
  const refused = await request.post(`/api/v2/backoffice/media/${mediaId}/reject`, { headers: team, data: { reason: "contact_details" } });
  expect(refused.status(), await refused.text()).toBe(200);
  const escortAuth = await tokenOf(escort, SIGN_UP_PASSWORD);
  const statements = (await (await request.get("/api/v2/statements", { headers: escortAuth })).json()).data as {
    items: Array<{ id: number }>;
  };
  const statementId = statements.items[0]!.id;

  // A member reports the escort's profile; the team decides without action: the notifier may complain.
  const reporter = await listedClient(request, clientIp, 1);
  const reporterAuth = await tokenOf(reporter, SIGN_UP_PASSWORD);
  const escortId = withE2eDb((db) => (db.prepare("SELECT id FROM users WHERE username = ?").get(escort) as { id: number }).id);
  const filed = await request.post("/api/v2/reports", {
    headers: reporterAuth,
    data: {
      kind: "profile",
      object_id: escortId,
      type: "fake_profile",
      text: "Die Fotos gehören nach meinem Eindruck jemand anderem.",
      good_faith: true,
    },
  });
  expect(filed.status(), await filed.text()).toBe(202);
  const reportId = ((await filed.json()) as { data: { id: number } }).data.id;
  const decided = await request.post(`/api/v2/backoffice/reports/${reportId}/decide`, {
    headers: team,
    data: { outcome: "no_action", statement: "Wir haben das Profil geprüft und keinen Verstoß gefunden." },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  // The notifier complains: the appeals queue has an item, the report's appeal page shows the filed complaint.
  const complained = await request.post(`/api/v2/reports/${reportId}/appeal`, {
    headers: reporterAuth,
    data: { text: "Die Fotos stammen nachweislich von einer anderen Website, bitte prüft das noch einmal." },
  });
  expect(complained.status(), await complained.text()).toBe(201);

  // The first half-year is published: the page shows its counts and offers both downloads.
  const backendAuth = await tokenOf("demo_backend", DEMO.password);
  const published = await request.post("/api/v2/backoffice/transparency/publish", { headers: backendAuth, data: { period: "2026-H1" } });
  expect(published.status(), await published.text()).toBe(200);
  for (const [extension, type] of [
    ["json", "application/json; charset=utf-8"],
    ["csv", "text/csv; charset=utf-8"],
  ] as const) {
    const file = await request.get(`/de/about/transparency/2026-H1.${extension}`, { headers });
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe(type);
    expect(file.headers()["content-disposition"]).toBe(`attachment; filename="velora-transparency-2026-H1.${extension}"`);
    const body = await file.text();
    if (extension === "json") expect((JSON.parse(body) as { period: string }).period).toBe("2026-H1");
    else expect(body.split("\n")[0]).toMatch(/^section,key,value\r?$/);
  }
  expect((await request.get("/de/about/transparency/2031-H1.json", { headers })).status()).toBe(404);
  expect((await request.get("/de/about/transparency/nonsense.json", { headers })).status()).toBe(404);

  for (const lang of LANGUAGES) {
    const member = await signedIn(browser, clientIp, escort, SIGN_UP_PASSWORD, lang);
    await judge(member, `/${lang}/user/statements`, `${lang}-statements`);
    await judge(member, `/${lang}/user/statements/${statementId}`, `${lang}-statement`);
    await judge(member, `/${lang}/user/statements/${statementId}/appeal`, `${lang}-statement-appeal`);
    // The clause by its name, never the stored key.
    await expect(member.getByTestId("appeal-ground")).not.toHaveText(/terms:\w/);
    await judge(member, `/${lang}/user/kyc`, `${lang}-kyc`);
    await judge(member, `/${lang}/about/transparency`, `${lang}-transparency`);
    await member.context().close();

    const notifier = await signedIn(browser, clientIp, reporter, SIGN_UP_PASSWORD, lang);
    await judge(notifier, `/${lang}/user/reports/${reportId}/appeal`, `${lang}-report-appeal`);
    await notifier.context().close();

    const backend = await signedIn(browser, clientIp, "demo_backend", DEMO.password, lang);
    await judge(backend, `/${lang}/backoffice/trusted-flaggers`, `${lang}-trusted-flaggers`);
    await judge(backend, `/${lang}/backoffice/appeals`, `${lang}-backoffice-appeals`);
    await judge(backend, `/${lang}/backoffice/kyc`, `${lang}-backoffice-kyc`);
    await backend.context().close();
  }
});
