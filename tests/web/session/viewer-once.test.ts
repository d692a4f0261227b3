/**
 * Issue 8: the viewer (/user/data) is asked of the API once per page render, however many loaders (the
 * layout, the page, its parts) want it; a form post asks afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHost } from "../../helpers/host";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`the viewer is fetched once per page render (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let cookie: string;
  let calls = 0;
  let fetchPage: (path: string) => Response | Promise<Response>;

  beforeAll(async () => {
    rt = await createTestRuntime();
    const counted = {
      ...rt.api,
      fetch: (request: Request, bindings?: Parameters<typeof rt.api.fetch>[1]) => {
        if (new URL(request.url).pathname === "/api/v2/user/data") calls += 1;
        return rt.api.fetch(request, bindings);
      },
    };
    const { get } = await createTestHost(rt, { api: counted });
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password);
    cookie = `tk=${encodeURIComponent(String(body.access_token))}; keep_logged_in=1`;
    fetchPage = (path) => get(path, { cookie });
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  for (const path of ["/de/my_dashboard", "/de/escorts", "/de/clients", "/de", "/de/user/phone"]) {
    it(`${path}: one /user/data call`, async () => {
      calls = 0;
      const response = await fetchPage(path);
      expect(response.status).toBeLessThan(400);
      await response.text();
      expect(calls).toBe(1);
    });
  }
});
