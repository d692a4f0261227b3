/**
 * The forum's meta interface script (spec section 7; ADR 139): /{lang}/community/meta.js is a public script — the
 * same bytes for a guest and a member, no personal data, per language, JavaScript's content type and cache headers
 * any cache may follow — and /node/forum/meta gives the member's two counts, readable only by the forum's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_FORUM, type ForumConfig } from "#server/integrations/forum/config";
import { freshIp } from "../helpers/auth";
import { createTestHost, type TestHost } from "../helpers/host";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../helpers/runtime";

const FORUM = "https://forum.velora.example";

describe(`forum meta interface script (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let host: TestHost;
  let member: { username: string; email: string; cookie: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    host = await createTestHost(rt);
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password, freshIp());
    member = {
      username: user.username,
      email: user.email,
      cookie: `tk=${encodeURIComponent(String(body.access_token))}; keep_logged_in=1`,
    };
  }, 600_000);
  afterAll(() => rt.close());

  const setForum = (config: ForumConfig) => {
    (rt.deps.config as { forum: ForumConfig }).forum = config;
  };

  it("serves a public script per language with JavaScript's type and cache headers", async () => {
    const de = await host.get("/de/community/meta.js");
    expect(de.status).toBe(200);
    expect(de.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(de.headers.get("cache-control")).toBe("public, max-age=3600, stale-while-revalidate=86400");
    expect(de.headers.get("x-content-type-options")).toBe("nosniff");
    expect(de.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(de.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(de.headers.getSetCookie()).toEqual([]);
    expect(de.headers.get("vary") ?? "").not.toMatch(/cookie/i);
    const script = await de.text();
    // Our header in German, the language-change path with its id query, the counts' address.
    expect(script).toContain('"language":"de"');
    expect(script).toContain('"text":"Nachrichten"');
    expect(script).toContain('"text":"Anmelden"');
    expect(script).toMatch(/\/de\/community\/language\?id=en"/);
    expect(script).toContain("/node/forum/meta");
    // CSP-friendly: no eval, no HTML strings, no inline handlers.
    expect(script).not.toMatch(/\beval\(|new Function|innerHTML|outerHTML|document\.write|onclick|setAttribute\("on/);

    const en = await (await host.get("/en/community/meta.js")).text();
    expect(en).toContain('"language":"en"');
    expect(en).toContain('"text":"Messages"');
    expect(en).not.toContain("Nachrichten");
    expect((await host.get("/xx/community/meta.js")).status).toBe(404);
  });

  it("is the same for a member as for a guest: nothing private in it", async () => {
    const guest = await (await host.get("/de/community/meta.js")).text();
    const signedIn = await host.get("/de/community/meta.js", { cookie: member.cookie });
    expect(signedIn.headers.getSetCookie()).toEqual([]);
    const body = await signedIn.text();
    expect(body).toBe(guest);
    expect(body).not.toContain(member.username);
    expect(body).not.toContain(member.email);
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await host.get("/de/community/meta.js");
    const etag = first.headers.get("etag")!;
    const again = await host.get("/de/community/meta.js", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await host.get("/de/community/meta.js", { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("gives the member's counts only to the forum's origin, nothing that names them; 404 without a forum", async () => {
    setForum({ url: FORUM, connectSecret: "discourse-connect-secret-0123", apiKey: null, timeoutMs: 2_000 });
    try {
      const asMember = await host.get("/node/forum/meta", { origin: FORUM, cookie: member.cookie });
      expect(asMember.status).toBe(200);
      expect(asMember.headers.get("access-control-allow-origin")).toBe(FORUM);
      expect(asMember.headers.get("access-control-allow-credentials")).toBe("true");
      expect(asMember.headers.get("cache-control")).toBe("private, no-store");
      expect(asMember.headers.get("vary")).toMatch(/Origin/);
      const counts = (await asMember.json()) as Record<string, unknown>;
      expect(Object.keys(counts).sort()).toEqual(["messages", "notifications", "signed_in"]);
      expect(counts).toMatchObject({ signed_in: true, messages: 0, notifications: expect.any(Number) });

      const guest = await host.get("/node/forum/meta", { origin: FORUM });
      expect(await guest.json()).toEqual({ signed_in: false });

      // Another site may send the cookie along (a same-site forum's cookies travel) but cannot read the answer.
      const foreign = await host.get("/node/forum/meta", { origin: "https://evil.example", cookie: member.cookie });
      expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
      expect(foreign.headers.get("access-control-allow-credentials")).toBeNull();
    } finally {
      setForum(NO_FORUM);
    }
    const off = await host.get("/node/forum/meta", { origin: FORUM, cookie: member.cookie });
    expect(off.status).toBe(404);
    expect(off.headers.get("access-control-allow-origin")).toBeNull();
  });
});
