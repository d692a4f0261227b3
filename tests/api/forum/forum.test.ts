/**
 * The community forum (issue 32 item 5, ADR 134): DiscourseConnect's provider side checked as Discourse would — the
 * answer's sig is the HMAC-SHA256 of its payload with the shared secret —, forged, replayed and foreign requests
 * refused, the groups of plus and verified members, the language-change path, and the notification levels kept here
 * and pushed to a fake Discourse API (msw).
 */
import { createHmac } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FORUM_ERRORS, FORUM_GROUPS, FORUM_NOTIFICATION_LEVELS } from "#server/contract/forum";
import { NO_FORUM, type ForumConfig } from "#server/integrations/forum/config";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const FORUM = "https://forum.velora.example";
const SECRET = "discourse-connect-secret-0123";
const API_KEY = "forum-admin-key";
const msw = setupServer();

interface Answer<T> {
  data: T;
  errors?: Array<{ key: string; source?: string }>;
}

const sign = (payload: string) => createHmac("sha256", SECRET).update(payload).digest("hex");

/** A sign-on request as Discourse makes it: base64 of nonce and return_sso_url, and its HMAC. */
function forumRequest(nonce: string, returnUrl = `${FORUM}/session/sso_login`, secret = SECRET) {
  const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: returnUrl }).toString()).toString("base64");
  return { sso, sig: createHmac("sha256", secret).update(sso).digest("hex") };
}

/** The fake forum API: categories, users by external id, and what was pushed to it. */
function fakeDiscourse() {
  const pushed: Array<{ username: string | null; path: string; body: string }> = [];
  const handlers = [
    http.get(`${FORUM}/categories.json`, () =>
      HttpResponse.json({
        category_list: {
          categories: [
            { id: 4, name: "Allgemein" },
            { id: 7, name: "Tipps" },
          ],
        },
      }),
    ),
    http.get(`${FORUM}/u/by-external/:id.json`, ({ params, request }) =>
      request.headers.get("api-key") === API_KEY
        ? HttpResponse.json({ user: { username: `forum_${String(params.id)}` } })
        : new HttpResponse(null, { status: 403 }),
    ),
    http.post(`${FORUM}/category/:id/notifications`, async ({ request, params }) => {
      pushed.push({ username: request.headers.get("api-username"), path: `category/${String(params.id)}`, body: await request.text() });
      return HttpResponse.json({ success: "OK" });
    }),
    http.put(`${FORUM}/u/:username.json`, async ({ request, params }) => {
      pushed.push({ username: request.headers.get("api-username"), path: `u/${String(params.username)}`, body: await request.text() });
      return HttpResponse.json({ success: "OK" });
    }),
  ];
  return { pushed, handlers };
}

describe(`community forum (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let member: { id: number; username: string; email: string; token: string };
  let fake: ReturnType<typeof fakeDiscourse>;

  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "bypass" });
    rt = await createTestRuntime();
    const user = await createUser(rt);
    member = { ...user, token: await tokenOf(user) };
  }, 60_000);
  afterAll(async () => {
    msw.close();
    await rt.close();
  });
  beforeEach(() => {
    fake = fakeDiscourse();
    msw.use(...fake.handlers);
    setForum({ url: FORUM, connectSecret: SECRET, apiKey: API_KEY, timeoutMs: 2_000 });
  });
  afterEach(() => msw.resetHandlers());

  function setForum(config: ForumConfig) {
    (rt.deps.config as { forum: ForumConfig }).forum = config;
  }
  async function tokenOf(user: { username: string; password: string }) {
    const { body } = await login(rt, user.username, user.password, freshIp());
    return String(body.access_token);
  }
  const signOn = (token: string | undefined, query: { sso: string; sig: string }) =>
    callJson<Answer<{ url: string }>>(rt, token, "GET", `/api/v2/forum/sso?${new URLSearchParams(query)}`);

  /** The answer as Discourse reads it: sig checked with the secret, then the payload's fields. */
  function answerFields(url: string): URLSearchParams {
    const answer = new URL(url);
    expect(answer.origin + answer.pathname).toBe(`${FORUM}/session/sso_login`);
    const sso = answer.searchParams.get("sso")!;
    expect(answer.searchParams.get("sig")).toBe(sign(sso));
    return new URLSearchParams(Buffer.from(sso, "base64").toString("utf8"));
  }

  it("answers a signed request with the member's signed fields on return_sso_url", async () => {
    const { status, json } = await signOn(member.token, forumRequest("nonce-1"));
    expect(status).toBe(200);
    const fields = answerFields(json.data.url);
    expect(Object.fromEntries(fields)).toMatchObject({
      nonce: "nonce-1",
      external_id: String(member.id),
      email: member.email,
      username: member.username,
      name: member.username,
      require_activation: "false",
      add_groups: "",
      remove_groups: `${FORUM_GROUPS.plus},${FORUM_GROUPS.verified}`,
      locale: "de",
    });
    expect(fields.has("avatar_url")).toBe(false);
  });

  it("puts plus and verified members in their groups, passes a public avatar, and asks the forum to confirm an unconfirmed e-mail", async () => {
    const user = await createUser(rt);
    const now = rt.clock.now();
    await rt.deps.db
      .updateTable("users")
      .set({ is_member: 1, member_until: now + 86_400_000, email_verified_at: null })
      .where("id", "=", user.id)
      .execute();
    await rt.deps.db
      .insertInto("verification_checks")
      .values({ user_id: user.id, kind: "id", status: 2, code: null, code_expires_at: null, file_prefix: null, created_at: now } as never)
      .execute();
    await rt.deps.db
      .insertInto("media")
      .values({
        user_id: user.id,
        kind: "photo",
        visibility: "public",
        status: 1,
        storage_key: "k",
        mime_type: "image/jpeg",
        width: 800,
        height: 1000,
        bytes: 1,
        position: 0,
        is_avatar: 1,
        created_at: now,
        public_id: "forumavatar1",
        variant_widths: "320,640,1280",
      } as never)
      .execute();
    const { json } = await signOn(await tokenOf(user), forumRequest("nonce-plus"));
    const fields = answerFields(json.data.url);
    expect(fields.get("add_groups")).toBe(`${FORUM_GROUPS.plus},${FORUM_GROUPS.verified}`);
    expect(fields.get("remove_groups")).toBe("");
    expect(fields.get("require_activation")).toBe("true");
    expect(fields.get("avatar_url")).toBe("http://velora.test/media/forumavatar1/320.webp");
  });

  it("refuses a forged signature, a missing nonce, a foreign return_sso_url and a replayed nonce", async () => {
    const forged = forumRequest("nonce-2", undefined, "not-the-secret-at-all");
    expect((await signOn(member.token, forged)).json.errors?.[0]?.key).toBe(FORUM_ERRORS.badSignature);
    const tampered = { ...forumRequest("nonce-2"), sig: sign("something else") };
    expect((await signOn(member.token, tampered)).status).toBe(400);
    const noNonce = Buffer.from(`return_sso_url=${encodeURIComponent(`${FORUM}/session/sso_login`)}`).toString("base64");
    const missing = await signOn(member.token, { sso: noNonce, sig: sign(noNonce) });
    expect(missing.json.errors?.[0]?.key).toBe(FORUM_ERRORS.badPayload);
    for (const target of [
      "https://evil.example/session/sso_login",
      "https://forum.velora.example.evil/x",
      "//evil.example/x",
      "https://a@evil.example/",
    ]) {
      const { status, json } = await signOn(member.token, forumRequest(`n-${target}`, target));
      expect(status, target).toBe(400);
      expect(json.errors?.[0]?.key).toBe(FORUM_ERRORS.foreignReturn);
    }
    const request = forumRequest("nonce-replay");
    expect((await signOn(member.token, request)).status).toBe(200);
    const replay = await signOn(member.token, request);
    expect(replay.status).toBe(409);
    expect(replay.json.errors?.[0]?.key).toBe(FORUM_ERRORS.nonceUsed);
  });

  it("a guest's request is checked but not used: 401, and the nonce stays answerable after logging in", async () => {
    const request = forumRequest("nonce-guest");
    expect((await signOn(undefined, request)).status).toBe(401);
    expect((await signOn(member.token, request)).status).toBe(200);
  });

  it("without a forum: the overview says so, sign-on and saves answer 404", async () => {
    setForum(NO_FORUM);
    const overview = await callJson<Answer<unknown>>(rt, undefined, "GET", "/api/v2/forum");
    expect(overview.json.data).toEqual({ configured: false, url: null, sign_in_url: null });
    expect((await signOn(member.token, forumRequest("nonce-off"))).status).toBe(404);
    const levels = await callJson<Answer<{ configured: boolean }>>(rt, member.token, "GET", "/api/v2/user/forum_notifications");
    expect(levels.json.data.configured).toBe(false);
    expect((await callJson(rt, member.token, "PUT", "/api/v2/user/forum/language", { language: "en" })).status).toBe(404);
  });

  it("the language-change path keeps the language, pushes it as the member and sends it with the next sign-on", async () => {
    const { status, json } = await callJson<Answer<{ language: string; url: string }>>(
      rt,
      member.token,
      "PUT",
      "/api/v2/user/forum/language",
      {
        language: "pl",
      },
    );
    expect(status).toBe(200);
    expect(json.data).toEqual({ language: "pl", url: `${FORUM}/` });
    expect(fake.pushed).toEqual([
      { username: `forum_${member.id}`, path: `u/forum_${member.id}`, body: JSON.stringify({ locale: "pl_PL" }) },
    ]);
    const fields = answerFields((await signOn(member.token, forumRequest("nonce-lang"))).json.data.url);
    expect(fields.get("locale")).toBe("pl_PL");
    expect((await callJson(rt, member.token, "PUT", "/api/v2/user/forum/language", { language: "xx" })).status).toBe(400);
    expect((await callJson(rt, undefined, "PUT", "/api/v2/user/forum/language", { language: "en" })).status).toBe(401);
  });

  it("keeps the levels per category, pushes them to the forum, and refuses a category the forum does not have", async () => {
    const before = await callJson<Answer<{ categories: Array<{ category_id: number; level: number }> }>>(
      rt,
      member.token,
      "GET",
      "/api/v2/user/forum_notifications",
    );
    expect(before.json.data.categories).toEqual([
      { category_id: 4, name: "Allgemein", level: FORUM_NOTIFICATION_LEVELS.regular },
      { category_id: 7, name: "Tipps", level: FORUM_NOTIFICATION_LEVELS.regular },
    ]);
    const levels = [
      { category_id: 4, level: FORUM_NOTIFICATION_LEVELS.watching_first_post },
      { category_id: 7, level: FORUM_NOTIFICATION_LEVELS.muted },
    ];
    const saved = await callJson<Answer<{ categories: Array<{ category_id: number; level: number }>; pushed: boolean }>>(
      rt,
      member.token,
      "PUT",
      "/api/v2/user/forum_notifications",
      { levels },
    );
    expect(saved.status).toBe(200);
    expect(saved.json.data.pushed).toBe(true);
    expect(saved.json.data.categories.map((c) => c.level)).toEqual([4, 0]);
    expect(fake.pushed.map((p) => [p.username, p.path, p.body])).toEqual([
      [`forum_${member.id}`, "category/4", "notification_level=4"],
      [`forum_${member.id}`, "category/7", "notification_level=0"],
    ]);
    // Another member's levels are their own.
    const other = await createUser(rt);
    const theirs = await callJson<Answer<{ categories: Array<{ level: number }> }>>(
      rt,
      await tokenOf(other),
      "GET",
      "/api/v2/user/forum_notifications",
    );
    expect(theirs.json.data.categories.map((c) => c.level)).toEqual([1, 1]);
    const unknown = await callJson<Answer<unknown>>(rt, member.token, "PUT", "/api/v2/user/forum_notifications", {
      levels: [{ category_id: 99, level: 3 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors?.[0]?.key).toBe(FORUM_ERRORS.unknownCategory);
    const badLevel = await callJson(rt, member.token, "PUT", "/api/v2/user/forum_notifications", {
      levels: [{ category_id: 4, level: 9 }],
    });
    expect(badLevel.status).toBe(400);
  });

  it("a forum API that fails keeps the choice here (pushed=false)", async () => {
    msw.use(http.post(`${FORUM}/category/:id/notifications`, () => new HttpResponse(null, { status: 502 })));
    const saved = await callJson<Answer<{ pushed: boolean; categories: Array<{ level: number }> }>>(
      rt,
      member.token,
      "PUT",
      "/api/v2/user/forum_notifications",
      {
        levels: [{ category_id: 7, level: 3 }],
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.json.data.pushed).toBe(false);
    expect(saved.json.data.categories.map((c) => c.level)).toEqual([4, 3]);
  });
});
