/**
 * Issue 8: the viewer is asked of the API once per page render, however many loaders (the layout, the page, its
 * parts) want it; a form post asks afresh. Since ADR 148 it comes with the layout's announcements in one call
 * (/user/shell): a signed-in page asks neither /user/data nor the announcements besides it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHost } from "../../helpers/host";
import { createTestRuntime, createUser, listedMember, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`the viewer is fetched once per page render (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let cookie: string;
  const calls = new Map<string, number>();
  let fetchPage: (path: string) => Response | Promise<Response>;
  /** Another member's listed profile, whose page the signed-in member opens. */
  let username: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    const counted = {
      ...rt.api,
      fetch: (request: Request, bindings?: Parameters<typeof rt.api.fetch>[1]) => {
        const path = new URL(request.url).pathname;
        calls.set(path, (calls.get(path) ?? 0) + 1);
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
    it(`${path}: one /user/shell call, no /user/data or announcements call`, async () => {
      calls.clear();
      const response = await fetchPage(path.replace("{listed}", username));
      expect(response.status).toBeLessThan(400);
      await response.text();
      expect(calls.get("/api/v2/user/shell")).toBe(1);
      expect(calls.get("/api/v2/user/data")).toBeUndefined();
      expect(calls.get("/api/v2/definitions/announcements")).toBeUndefined();
    });
  }
});
