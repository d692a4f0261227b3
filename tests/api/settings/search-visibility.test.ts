/**
 * user/search_visibility (issue 10, ADR 028) through the real API on both databases: a hidden profile
 * leaves search, the directory, nearby, autocomplete and the sitemap, stays reachable at its address,
 * and comes back when shown again; invisible browsing only for running plus memberships.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVISIBLE_BROWSING_PLUS_ONLY } from "#server/contract/settings";
import { clearDirectoryCache } from "#server/modules/seo/service";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createProfile, northOf, BERLIN } from "../../helpers/search-fixtures";

interface Body<T> {
  data: T;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`search visibility (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  async function call<T>(path: string, init: { token?: string; method?: string; body?: unknown; raw?: string } = {}) {
    const hasBody = init.body !== undefined || init.raw !== undefined;
    const response = await rt.request(path, {
      method: init.method ?? "GET",
      token: init.token,
      ...(hasBody ? { headers: { "content-type": "application/json" }, body: init.raw ?? JSON.stringify(init.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Body<T> };
  }

  async function tokenOf(user: { username: string; password: string }) {
    return String((await login(rt, user.username, user.password)).body.access_token);
  }

  const settings = (token: string | undefined, method = "GET", body?: unknown) =>
    call<{ hidden_in_search: boolean; invisible_browsing: boolean; plus_member: boolean }>("/api/v2/settings/search_visibility", {
      token,
      method,
      ...(body === undefined ? {} : { body }),
    });

  /** Where the profile is found: search around its point, the Berlin directory, a neighbour's nearby list, autocomplete, the sitemap. */
  async function foundIn(user: { id: number; username: string }, neighbour: { username: string }, spot: { lat: number; lon: number }) {
    const search = await call<Array<{ user_id: number }>>("/api/v2/search/user-and-business", {
      method: "POST",
      body: { filterquery: { location: { ...spot, radius: 5 } } },
    });
    clearDirectoryCache(rt.deps.db);
    const directory = await call<{ profiles: Array<{ username: string }>; pages: number }>(
      "/api/v2/seo/directory?category=escort&country=deutschland&region=berlin&city=berlin",
    );
    const directoryNames: string[] = [];
    for (let page = 1; page <= directory.body.data.pages; page++) {
      clearDirectoryCache(rt.deps.db);
      const part = await call<{ profiles: Array<{ username: string }> }>(
        `/api/v2/seo/directory?category=escort&country=deutschland&region=berlin&city=berlin&page=${page}`,
      );
      directoryNames.push(...part.body.data.profiles.map((p) => p.username));
    }
    const nearby = await call<Array<{ username: string }>>(`/api/v2/profiles/${neighbour.username}/nearby`);
    const autocomplete = await call<{ users: Array<{ username: string }> }>(`/api/v2/search/autocomplete?q=${user.username}`);
    rt.clock.advance(11 * 60_000); // past the sitemap's cache
    const sitemap = await call<Array<{ path: string }>>("/api/v2/seo/sitemaps/profiles?part=1");
    return {
      search: search.body.data.some((h) => h.user_id === user.id),
      directory: directoryNames.includes(user.username),
      nearby: nearby.body.data.some((p) => p.username === user.username),
      autocomplete: autocomplete.body.data.users.some((u) => u.username === user.username),
      sitemap: sitemap.body.data.some((e) => e.path === `p/${user.username}`),
    };
  }

  it("a hidden profile leaves every list, keeps its page, and comes back when shown again", async () => {
    const spot = northOf(BERLIN, 1);
    const user = await createProfile(rt, { point: spot });
    const neighbour = await createProfile(rt, { point: spot });
    const token = await tokenOf(user);
    const everywhere = { search: true, directory: true, nearby: true, autocomplete: true, sitemap: true };
    expect(await foundIn(user, neighbour, spot)).toEqual(everywhere);
    expect((await settings(token)).body.data).toEqual({ hidden_in_search: false, invisible_browsing: false, plus_member: false });

    const hidden = await settings(token, "PUT", { hidden_in_search: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.hidden_in_search).toBe(true);
    expect(await foundIn(user, neighbour, spot)).toEqual({
      search: false,
      directory: false,
      nearby: false,
      autocomplete: false,
      sitemap: false,
    });
    // The page stays reachable by its address (ADR 028).
    expect((await call(`/api/v2/profiles/${user.username}/detail`)).status).toBe(200);
    // The neighbour, not hidden, is still found.
    expect((await foundIn(neighbour, user, spot)).search).toBe(true);

    expect((await settings(token, "PUT", { hidden_in_search: false })).body.data.hidden_in_search).toBe(false);
    expect(await foundIn(user, neighbour, spot)).toEqual(everywhere);
  });

  it("invisible browsing: plus members only; a lapsed membership may switch it off", async () => {
    const plain = await createProfile(rt);
    const plainToken = await tokenOf(plain);
    const refused = await settings(plainToken, "PUT", { invisible_browsing: true });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.key).toBe(INVISIBLE_BROWSING_PLUS_ONLY);
    const row = await rt.deps.db.selectFrom("users").select("invisible_browsing").where("id", "=", plain.id).executeTakeFirstOrThrow();
    expect(row.invisible_browsing).toBe(0);

    const plus = await createProfile(rt, { isMember: true });
    const plusToken = await tokenOf(plus);
    expect((await settings(plusToken)).body.data.plus_member).toBe(true);
    const on = await settings(plusToken, "PUT", { invisible_browsing: true, hidden_in_search: false });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ hidden_in_search: false, invisible_browsing: true, plus_member: true });
    // Another member's choice is untouched.
    expect((await settings(plainToken)).body.data.invisible_browsing).toBe(false);
    // The membership runs out: the stored choice stays (unused) and may be switched off, not on again once off.
    await rt.deps.db
      .updateTable("users")
      .set({ member_until: rt.clock.now() - 1 })
      .where("id", "=", plus.id)
      .execute();
    expect((await settings(plusToken)).body.data).toEqual({ hidden_in_search: false, invisible_browsing: true, plus_member: false });
    expect((await settings(plusToken, "PUT", { invisible_browsing: false })).body.data.invisible_browsing).toBe(false);
    expect((await settings(plusToken, "PUT", { invisible_browsing: true })).status).toBe(403);
  });

  it("validates the body and asks for a login", async () => {
    const user = await createProfile(rt);
    const token = await tokenOf(user);
    expect((await settings(undefined)).status).toBe(401);
    expect((await settings(undefined, "PUT", { hidden_in_search: true })).status).toBe(401);
    const notBoolean = await settings(token, "PUT", { hidden_in_search: "yes" });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.errors?.[0]?.source).toBe("hidden_in_search");
    expect((await settings(token, "PUT", null)).status).toBe(400);
    expect((await call("/api/v2/settings/search_visibility", { token, method: "PUT", raw: "{not json" })).status).toBe(400);
    expect((await settings(token)).body.data.hidden_in_search).toBe(false);
  });
});
