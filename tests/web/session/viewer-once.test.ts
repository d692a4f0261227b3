/**
 * Issue 8: the viewer (/user/data) is asked of the API once per page render, however many loaders (the
 * layout, the page, its parts) want it; a form post asks afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHost } from "../../helpers/host";
import { createTestRuntime, createUser, listedMember, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`the viewer is fetched once per page render (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let cookie: string;
  let calls = 0;
  let fetchPage: (path: string) => Response | Promise<Response>;
  /** Another member's listed profile, whose page the signed-in member opens. */
  let username: string;

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
    username = (await listedMember(rt)).username;
    const { body } = await login(rt, user.username, user.password);
    cookie = `tk=${encodeURIComponent(String(body.access_token))}; keep_logged_in=1`;
    fetchPage = (path) => get(path, { cookie });
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  // The profile page: its layout (the language layout's viewer) and its own batch of profile answers.
  for (const path of ["/de/my_dashboard", "/de/escorts", "/de/clients", "/de", "/de/user/phone", "/de/p/{listed}"]) {
    it(`${path}: one /user/data call`, async () => {
      calls = 0;
      const response = await fetchPage(path.replace("{listed}", username));
      expect(response.status).toBeLessThan(400);
      await response.text();
      expect(calls).toBe(1);
    });
  }
});
