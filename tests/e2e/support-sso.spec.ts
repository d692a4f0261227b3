import { createServer, type Server } from "node:http";
import type { Browser, Page } from "@playwright/test";
import { jwtVerify } from "jose";
import { DEMO, expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * Support sign-on without JavaScript (issue 32 item 4, ADR 134), on a server of this spec's own configured with a fake
 * Zendesk the spec starts: a guest is sent to log in and back, then to the help desk with a JWT the fake verifies
 * with the shared secret as Zendesk does; a foreign return_to is refused; support/signout goes back to the help desk.
 * Without a help desk (the shared e2e server) support/sso explains how to reach the team.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3450);
const SERVER_PORT = BASE_PORT + 5;
const DESK_PORT = BASE_PORT + 6;
const DESK = `http://127.0.0.1:${DESK_PORT}`;
const SECRET = "e2e-zendesk-shared-secret-0123";

test.describe.configure({ mode: "serial" });

/** The fake help desk: /access/jwt verifies the token like Zendesk (HS256, shared secret, iat and jti present). */
function startFakeDesk(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", DESK);
    const page = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>Fake help desk</title><h1>Fake help desk</h1><p id="desk">${text}</p>`);
    };
    if (url.pathname === "/access/jwt") {
      jwtVerify(url.searchParams.get("jwt") ?? "", new TextEncoder().encode(SECRET), {
        algorithms: ["HS256"],
        requiredClaims: ["iat", "jti", "exp"],
      })
        .then(({ payload }) =>
          page(
            200,
            `signed in: ${String(payload.name)} ${String(payload.email)} ${JSON.stringify(payload.tags)} return_to=${url.searchParams.get("return_to")}`,
          ),
        )
        .catch((error: unknown) => page(401, `refused: ${String(error)}`));
      return;
    }
    page(200, `page ${url.pathname}`);
  });
  return new Promise((resolve) => server.listen(DESK_PORT, "127.0.0.1", () => resolve(server)));
}

async function phonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  return context.newPage();
}

let desk: Server;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  desk = await startFakeDesk();
  server = await startOwnServer(SERVER_PORT, { HELPDESK_PROVIDER: "zendesk", ZENDESK_URL: DESK, ZENDESK_JWT_SECRET: SECRET });
});

test.afterAll(async () => {
  server?.child.kill("SIGKILL");
  await new Promise((resolve) => desk?.close(resolve));
});

test("a guest logs in and reaches the help desk signed in with a valid token; a foreign return_to is refused", async ({
  browser,
}, testInfo) => {
  const page = await phonePage(browser, server.base);
  const returnTo = `${DESK}/hc/de/requests/new`;
  await page.goto(`/de/support/sso?return_to=${encodeURIComponent(returnTo)}`);
  await expect(page).toHaveURL(/\/de\/login\?r=/);
  await page.getByLabel("Benutzername oder E-Mail").fill(DEMO.client);
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => url.origin === DESK);
  await expect(page.locator("#desk")).toContainText(`signed in: ${DEMO.client}`);
  await expect(page.locator("#desk")).toContainText('["velora_client"]');
  await expect(page.locator("#desk")).toContainText(`return_to=${returnTo}`);

  for (const foreign of ["https://evil.example/hc", `${DESK}.evil.example/hc`, "//evil.example/hc", `http://a@127.0.0.1:${DESK_PORT}/hc`]) {
    const answer = await page.goto(`${server.base}/de/support/sso?return_to=${encodeURIComponent(foreign)}`);
    expect(answer?.status(), foreign).toBe(400);
    expect(new URL(page.url()).origin).toBe(server.base);
    await expect(page.getByTestId("support-refused")).toContainText("gehört nicht zu unserem Hilfe-Center");
  }
  await page.screenshot({ path: testInfo.outputPath("support-sso-refused-390.png"), fullPage: true });

  // The help desk's remote logout address: back to the help desk's page, never to a foreign one.
  await page.goto(`${server.base}/de/support/signout?return_to=${encodeURIComponent(`${DESK}/hc/de`)}`);
  await expect(page.locator("#desk")).toHaveText("page /hc/de");
  await page.goto(`${server.base}/de/support/signout?return_to=${encodeURIComponent("https://evil.example/")}`);
  await expect(page.locator("#desk")).toHaveText("page /hc");
});

test("without a help desk, support/sso says how to reach the team instead of a 404", async ({ page }, testInfo) => {
  const answer = await page.goto("/de/support/sso?return_to=https%3A%2F%2Fhelp.example%2F");
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hilfe-Center");
  await expect(page.getByTestId("support-off")).toContainText("Impressum");
  await page.getByTestId("support-imprint").click();
  await expect(page).toHaveURL(/\/de\/legal\/imprint$/);
  await page.goto("/de/support/sso");
  await page.screenshot({ path: testInfo.outputPath("support-sso-off-390.png"), fullPage: true });
});
