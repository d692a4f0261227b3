/**
 * ADR 166 through the real pipeline: a hydrated page carries Remix's loader data transfer (read before a one-pass
 * render), a page that ships no JavaScript carries none, and a client navigation's data request (`.data`, whose
 * loaders share one Request without `_routes`) answers the same data as the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHost, type TestHost } from "../helpers/host";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../helpers/runtime";

describe(`pages rendered in one pass (ADR 166, ${TEST_DB})`, () => {
  let rt: TestRuntime;
  let host: TestHost;
  let cookie: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    host = await createTestHost(rt);
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password);
    cookie = `tk=${encodeURIComponent(String(body.access_token))}; keep_logged_in=1`;
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  it("a hydrated page: whole, with the loader data transfer under the response's nonce", async () => {
    const response = await host.get("/de/messenger", { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html).not.toMatch(/<!--\$[!?]|\$RC\(/);
    const enqueue = html.indexOf(`<script nonce="${nonce}">window.__remixContext.streamController.enqueue(`);
    const close = html.indexOf(`<script nonce="${nonce}">window.__remixContext.streamController.close();</script>`);
    expect(enqueue).toBeGreaterThan(html.indexOf("window.__remixContext = "));
    expect(close).toBeGreaterThan(enqueue);
    expect(html.endsWith("</html>") || html.endsWith("<!--/$-->")).toBe(true);
  });

  it("a page without JavaScript: whole, without any loader data transfer", async () => {
    // The dashboard since ADR 178.
    for (const path of ["/de/my_notification", "/de/my_dashboard"]) {
      const response = await host.get(path, { cookie });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html.startsWith("<!DOCTYPE html><html"), path).toBe(true);
      expect(html, path).not.toContain("__remixContext");
      expect(html, path).not.toContain("<script nonce");
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).toContain("</body></html>");
    }
  });

  it("a client navigation's data answers the page's loader data", async () => {
    const response = await host.get("/de/my_notification.data?_routes=routes%2F%24lang.my_notification", { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("list");
    // A guest's page with a query string keeps it for its loaders.
    const login = await host.get("/de/login?r=%2Fde%2Fmessenger");
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("%2Fde%2Fmessenger");
  });
});
