import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * The community forum without JavaScript (issue 32 item 5, ADR 134), on a server of this spec's own pointed at a fake
 * Discourse the spec starts: the fake sends the member to our DiscourseConnect address with a signed payload and
 * verifies our signed answer (signature, its own nonce); a replayed request is refused; the notification levels are
 * saved and pushed to the fake's API; the language-change path sets the language and goes back to the forum. Without
 * a forum (the shared e2e server) community/* says so plainly.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3450);
const SERVER_PORT = BASE_PORT + 7;
const FORUM_PORT = BASE_PORT + 8;
const FORUM = `http://127.0.0.1:${FORUM_PORT}`;
const SECRET = "e2e-discourse-connect-secret";
const API_KEY = "e2e-forum-api-key";

test.describe.configure({ mode: "serial" });

interface FakeForum {
  server: Server;
  /** What our API pushed: "METHOD path body". */
  pushed: string[];
  /** The sign-on requests the fake made, to replay one. */
  requests: string[];
}

const sign = (payload: string) => createHmac("sha256", SECRET).update(payload).digest("hex");

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  return body;
}

function startFakeForum(ourBase: string): Promise<FakeForum> {
  const nonces = new Map<string, boolean>();
  const fake: FakeForum = { server: undefined as unknown as Server, pushed: [], requests: [] };
  fake.server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", FORUM);
    const html = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Fake forum</title><h1>Fake forum</h1><p id="forum">${text}</p>` +
          `<a href="${ourBase}/de/community/language?id=en">English</a>`,
      );
    };
    const json = (value: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/session/sso") {
      // Discourse's side: a fresh nonce, signed, and the member sent to our discourse_connect_url.
      const nonce = randomBytes(12).toString("hex");
      nonces.set(nonce, false);
      const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: `${FORUM}/session/sso_login` }).toString()).toString("base64");
      const target = `${ourBase}/de/community/sso?${new URLSearchParams({ sso, sig: sign(sso) })}`;
      fake.requests.push(target);
      res.writeHead(302, { location: target });
      res.end();
      return;
    }
    if (url.pathname === "/session/sso_login") {
      const sso = url.searchParams.get("sso") ?? "";
      if (url.searchParams.get("sig") !== sign(sso)) return html(403, "bad signature");
      const fields = new URLSearchParams(Buffer.from(sso, "base64").toString("utf8"));
      const nonce = fields.get("nonce") ?? "";
      if (nonces.get(nonce) !== false) return html(403, "unknown nonce");
      nonces.set(nonce, true);
      return html(
        200,
        `welcome ${fields.get("username")} external_id=${fields.get("external_id")} locale=${fields.get("locale")} add_groups=${fields.get("add_groups")}`,
      );
    }
    if (req.headers["api-key"] !== undefined && req.headers["api-key"] !== API_KEY) return html(403, "bad key");
    if (url.pathname === "/categories.json")
      return json({
        category_list: {
          categories: [
            { id: 4, name: "Allgemein" },
            { id: 7, name: "Tipps & Erfahrungen" },
          ],
        },
      });
    const byExternal = /^\/u\/by-external\/(\d+)\.json$/.exec(url.pathname);
    if (byExternal) return json({ user: { username: `member${byExternal[1]}` } });
    if (req.method === "POST" || req.method === "PUT") {
      void bodyOf(req).then((body) => {
        fake.pushed.push(`${req.method} ${url.pathname} ${body}`);
        json({ success: "OK" });
      });
      return;
    }
    html(200, `page ${url.pathname}`);
  });
  return new Promise((resolve) => fake.server.listen(FORUM_PORT, "127.0.0.1", () => resolve(fake)));
}

async function phonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  return context.newPage();
}

let forum: FakeForum;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const ourBase = `http://127.0.0.1:${SERVER_PORT}`;
  forum = await startFakeForum(ourBase);
  server = await startOwnServer(SERVER_PORT, { FORUM_URL: FORUM, FORUM_CONNECT_SECRET: SECRET, FORUM_API_KEY: API_KEY });
});

test.afterAll(async () => {
  server?.child.kill("SIGKILL");
  await new Promise((resolve) => forum?.server.close(resolve));
});

test("DiscourseConnect round trip: the forum's signed request, login, our signed answer; a replay is refused", async ({
  browser,
}, testInfo) => {
  const page = await phonePage(browser, server.base);
  await page.goto("/de/community");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Community-Forum");
  await page.screenshot({ path: testInfo.outputPath("community-configured-390.png"), fullPage: true });
  await page.getByTestId("forum-open").click();
  // The fake forum sent the guest to our sign-on address; we send them to log in and back.
  await expect(page).toHaveURL(/\/de\/login\?r=%2Fde%2Fcommunity%2Fsso/);
  await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.client);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => url.origin === FORUM);
  await expect(page.locator("#forum")).toContainText(`welcome ${DEMO.client} external_id=`);
  await expect(page.locator("#forum")).toContainText("locale=de");

  // The same signed request once more: refused, nothing signed.
  const replay = await page.goto(forum.requests.at(-1)!);
  expect(replay?.status()).toBe(409);
  await expect(page.getByTestId("forum-refused")).toContainText("schon verwendet");

  // A request not signed with the forum's secret.
  const forged = new URL(forum.requests.at(-1)!);
  forged.searchParams.set("sig", "0".repeat(64));
  expect((await page.goto(forged.href))?.status()).toBe(400);
  await expect(page.getByTestId("forum-refused")).toContainText("kommt nicht von unserem Forum");
});

test("forum notification levels are saved without JavaScript and pushed to the forum", async ({ browser }, testInfo) => {
  const page = await phonePage(browser, server.base);
  await page.goto("/de/login?r=%2Fde%2Fuser%2Fforum_notifications");
  await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.escort);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await expect(page).toHaveURL(/\/de\/user\/forum_notifications$/);
  await expect(page.getByLabel("Allgemein")).toHaveValue("1");
  await page.getByLabel("Allgemein").selectOption({ label: "Beobachten" });
  await page.getByLabel("Tipps & Erfahrungen").selectOption({ label: "Ersten Beitrag beobachten" });
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByTestId("settings-notice")).toHaveText("Gespeichert und an das Forum übertragen.");
  await expect(page.getByLabel("Allgemein")).toHaveValue("3");
  await expect(page.getByLabel("Tipps & Erfahrungen")).toHaveValue("4");
  expect(forum.pushed.filter((p) => p.startsWith("POST /category/"))).toEqual(
    expect.arrayContaining(["POST /category/4/notifications notification_level=3", "POST /category/7/notifications notification_level=4"]),
  );
  await page.screenshot({ path: testInfo.outputPath("forum-notifications-390.png"), fullPage: true });
});

test("the language-change path: from the forum it sets the language and goes back; from elsewhere it asks first", async ({
  browser,
}, testInfo) => {
  const page = await phonePage(browser, server.base);
  await page.goto("/de/login");
  await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.agency);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  // A link on the forum (same site): saved at once, back on the forum.
  await page.goto(`${FORUM}/latest`);
  await page.getByRole("link", { name: "English" }).click();
  await page.waitForURL((url) => url.origin === FORUM);
  expect(forum.pushed).toContainEqual(expect.stringMatching(/^PUT \/u\/member\d+\.json \{"locale":"en"\}$/));
  // Typed in or from a foreign page: a button confirms it (a form, no JavaScript needed).
  await page.goto(`${server.base}/de/community/language?id=pl`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sprache des Forums");
  await page.screenshot({ path: testInfo.outputPath("forum-language-390.png"), fullPage: true });
  await page.getByTestId("forum-language-pl").click();
  await expect(page).toHaveURL(/\/de\/community\?language_saved=pl$/);
  await expect(page.getByTestId("forum-language-saved")).toContainText("Polski");
  expect(forum.pushed).toContainEqual(expect.stringMatching(/^PUT \/u\/member\d+\.json \{"locale":"pl_PL"\}$/));
});

test("without a forum, community pages say so plainly", async ({ page }, testInfo) => {
  for (const path of [
    "/de/community",
    "/de/community/latest",
    "/de/community/c/tipps",
    "/de/community/t/some-topic/12",
    "/de/community/u/anna/activity/topics",
  ]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    await expect(page.getByTestId("forum-off")).toContainText("Es gibt hier derzeit kein Forum.");
  }
  await page.goto("/en/community");
  await expect(page.getByTestId("forum-off")).toContainText("There is no forum here at the moment.");
  await page.goto("/de/community");
  await page.screenshot({ path: testInfo.outputPath("community-off-390.png"), fullPage: true });
});
