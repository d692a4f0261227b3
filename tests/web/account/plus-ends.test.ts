/**
 * Issue 24 item 5 (ADR 061): a plus membership ends at member_until on both tiers at once. The web tier (the viewer
 * it loads from /user/data: the dashboard's membership line, the search page's member radius and sort) and the API
 * (its settings, its search filters) give the same answer one second before the end and one second after it, with
 * nothing but the clock moved. Before the entitlements kernel, /user/data ignored member_until: an expired member
 * still read as plus in the web tier and as basic in the API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MembershipState } from "#server/contract/membership";
import type { SearchFilters } from "#server/contract/search";
import type { UserDataResponse } from "#server/contract/user-data";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestHost } from "../../helpers/host";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

describe(`plus ends at member_until for the web tier and the API at once (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let get: (path: string, headers?: Record<string, string>) => Promise<Response>;
  let member: { id: number; token: string };
  let cookie: string;
  let memberUntil: number;

  beforeAll(async () => {
    rt = await createTestRuntime();
    ({ get } = await createTestHost(rt));
    member = await listedMemberWith(rt, { userType: USER_TYPE.client });
    memberUntil = rt.clock.now() + HOUR;
    await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: memberUntil }).where("id", "=", member.id).execute();
    cookie = `tk=${encodeURIComponent(member.token)}; keep_logged_in=1`;
  }, 120_000);
  afterAll(async () => {
    await rt.close();
  });

  /** What the API answers about the member's plus, through three of its doors. */
  async function apiSays() {
    const [user, membership, filters] = await Promise.all([
      callJson<{ data: UserDataResponse }>(rt, member.token, "GET", "/api/v2/user/data"),
      callJson<{ data: MembershipState }>(rt, member.token, "GET", "/api/v2/settings/membership"),
      callJson<{ data: SearchFilters }>(rt, member.token, "POST", "/api/v2/search/filters", { user_type: "escort" }),
    ]);
    return {
      userData: user.json.data.is_member,
      entitlements: user.json.data.entitlements?.plus,
      settings: membership.json.data.plus_member,
      wideRadius: filters.json.data.radius_options.includes(500),
      ringSort: filters.json.data.sort_forced_in_url,
    };
  }

  /** What the web tier shows the member: the dashboard's membership line and how the search page keeps a 500 km radius. */
  async function webSays() {
    const dashboard = await get("/de/my_dashboard", { cookie });
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    const plusLine = /<dd>Plus-Mitglied<\/dd>/.test(html);
    const basicLine = /<dd>Basis<\/dd>/.test(html);
    expect(plusLine).not.toBe(basicLine);
    // The search page puts its canonical state in the URL: a member keeps 500 km and gets the ring sort forced in.
    const search = await get("/de/escorts?radius=500", { cookie });
    const location = search.headers.get("location");
    const query = new URL(location ?? "/de/escorts?radius=500", "http://velora.test").searchParams;
    return { dashboard: plusLine, wideRadius: query.get("radius") === "500", ringSort: query.get("sort") === "top_ranking_distance_ring" };
  }

  /** Both tiers' answers side by side, so a disagreement shows in one diff. */
  const everywhere = (plus: boolean) => ({
    api: { userData: plus, entitlements: plus, settings: plus, wideRadius: plus, ringSort: plus },
    web: { dashboard: plus, wideRadius: plus, ringSort: plus },
  });

  it("one second before member_until: plus everywhere", async () => {
    rt.clock.set(memberUntil - SECOND);
    expect({ api: await apiSays(), web: await webSays() }).toEqual(everywhere(true));
  });

  it("one second after member_until: basic everywhere, with nothing but the clock moved", async () => {
    rt.clock.set(memberUntil + SECOND);
    expect({ api: await apiSays(), web: await webSays() }).toEqual(everywhere(false));
  });
});
