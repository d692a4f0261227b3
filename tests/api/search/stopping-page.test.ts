/**
 * The ranked page that stops at enough rows (ADR 147) must be exactly the page of the plain query that reads and
 * ranks every match — rise-up, score, last login, id, with each database's own tie and NULL rules. Random searches
 * (radius, position, filters, page, viewer with blocks) over profiles whose scores tie often, whose plus membership
 * ran out, whose rise-up runs or ended, and who never logged in, compare both paths on SQLite and PostgreSQL.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ParsedSearchRequest, SearchSort } from "#server/contract/search";
import { GUEST_VIEWER } from "#server/modules/access/visibility";
import { runSearch, type SearchInput } from "#server/modules/search/service";
import { rankTierSql } from "#server/modules/search/migrations/0127_search_rank_tier";
import { createTestRuntime, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile, northOf } from "../../helpers/search-fixtures";
import { lcg } from "../../helpers/lcg";

const DAY = 86_400_000;
let rt: TestRuntime;
const viewers: number[] = [];

beforeAll(async () => {
  rt = await createTestRuntime();
  const now = rt.clock.now();
  const pick = lcg(147);
  // Few distinct login times and scores: many ties on score and on last login, so the id decides often.
  const logins = [null, now - 2 * 3_600_000, now - 3 * DAY, now - 20 * DAY, now - 90 * DAY];
  for (let i = 0; i < 140; i++) {
    const point = northOf({ lat: BERLIN.lat, lon: BERLIN.lon + (pick(200) - 100) / 1000 }, pick(250) / 10 - 5);
    const member = pick(4) === 0;
    const user = await createProfile(rt, {
      gender: 1 + pick(2),
      age: 19 + pick(30),
      point,
      price: pick(3) === 0 ? undefined : 80 + pick(8) * 20,
      isMember: member,
      lastLoginAt: logins[pick(logins.length)]!,
    });
    const verified = pick(3) === 0;
    const rise = pick(12);
    await rt.deps.db
      .updateTable("profiles")
      .set({
        verified_at: verified ? now - 10 * DAY : null,
        review_count: pick(4) === 0 ? pick(60) : 0,
        // A running rise-up, one that ended, or none.
        rise_up_until: rise === 0 ? now + (1 + pick(20)) * 3_600_000 : rise === 1 ? now - 3_600_000 : null,
      })
      .where("user_id", "=", user.id)
      .execute();
    // A plus membership that ran out still has is_member = 1 (its bound counts it, its score does not).
    if (member && pick(3) === 0)
      await rt.deps.db
        .updateTable("users")
        .set({ member_until: now - DAY })
        .where("id", "=", user.id)
        .execute();
    if (pick(3) === 0)
      await rt.deps.db
        .insertInto("profile_counters")
        .values({ user_id: user.id, favorites: pick(80), visits: pick(700) })
        .execute();
  }
  // Signed-in viewers (clients), each blocking some profiles or blocked by them.
  const profiles = (await rt.deps.db.selectFrom("search_profiles").select("user_id").execute()).map((r) => r.user_id);
  for (let v = 0; v < 2; v++) {
    const viewer = await createProfile(rt, { userType: 1, gender: 1 });
    viewers.push(viewer.id);
    for (let b = 0; b < 12; b++) {
      const other = profiles[pick(profiles.length)]!;
      const [blocker_id, blocked_id] = pick(2) === 0 ? [viewer.id, other] : [other, viewer.id];
      await rt.deps.db
        .insertInto("blocks")
        .values({ blocker_id, blocked_id, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}, 300_000);
afterAll(async () => rt?.close());

/** The SQL path's page: the column index (on by default, ADR 164) would answer both otherwise. */
async function pageIds(input: SearchInput, pagePath: "exact" | "auto"): Promise<number[]> {
  return (await runSearch(rt.deps, { ...input, pagePath, engine: "sql" })).hits.map((h) => h.user_id);
}

const search = fc.record({
  radius: fc.constantFrom(5, 10, 20, 50),
  northKm: fc.integer({ min: -8, max: 8 }),
  gender: fc.constantFrom<number[] | undefined>(undefined, [2], [1], [1, 2]),
  age: fc.constantFrom<[number, number] | undefined>(undefined, [18, 35], [30, 45]),
  price: fc.constantFrom<[number, number] | undefined>(undefined, [100, 150]),
  pageSize: fc.constantFrom(3, 7, 24),
  pageNo: fc.integer({ min: 1, max: 4 }),
  viewer: fc.integer({ min: -1, max: 1 }),
  countryMode: fc.boolean(),
  sort: fc.constantFrom<SearchSort>("top_ranking", "top_ranking", "distance", "top_ranking_distance_ring"),
});

describe("the stopping page", () => {
  it("equals the exact query's page for random searches", async () => {
    await fc.assert(
      fc.asyncProperty(search, async (s) => {
        const point = northOf(BERLIN, s.northKm);
        const request: ParsedSearchRequest = {
          page_no: s.pageNo,
          page_size: s.pageSize,
          searchMode: "user",
          sort: s.sort,
          filterquery: {
            ...(s.countryMode ? { country: ["DE"] } : { location: { ...point, radius: s.radius } }),
            ...(s.gender ? { gender: s.gender } : {}),
            ...(s.age ? { age: s.age } : {}),
            ...(s.price ? { price: s.price } : {}),
          },
        } as ParsedSearchRequest;
        const viewerId = s.viewer < 0 ? null : viewers[s.viewer]!;
        const input: SearchInput = {
          viewer: viewerId === null ? GUEST_VIEWER : { ...GUEST_VIEWER, id: viewerId, userType: 1 },
          viewerGender: viewerId === null ? null : 1,
          request,
        };
        const exact = await pageIds(input, "exact");
        expect(await pageIds(input, "auto")).toEqual(exact);
      }),
      { numRuns: 120 },
    );
  }, 300_000);

  it("stops before the lowest tier when the best profiles are clear", async () => {
    // A page of 3 over every profile: the tiers of the best ones give 3 certain candidates long before tier 0.
    const input: SearchInput = {
      viewer: GUEST_VIEWER,
      viewerGender: null,
      request: {
        page_no: 1,
        page_size: 3,
        searchMode: "user",
        sort: "top_ranking",
        filterquery: { country: ["DE"] },
      } as ParsedSearchRequest,
    };
    const probes: number[] = [];
    const db = rt.deps.db.withPlugin({
      transformQuery(args) {
        if (
          args.node.kind === "SelectQueryNode" &&
          rt.deps.db.getExecutor().compileQuery(args.node, args.queryId).sql.includes(rankTierSql("search_profiles."))
        )
          probes.push(probes.length);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const hits = (await runSearch({ ...rt.deps, db }, { ...input, pagePath: "auto", engine: "sql" })).hits.map((h) => h.user_id);
    expect(hits).toEqual(await pageIds(input, "exact"));
    expect(hits).toHaveLength(3);
    // The risen tier and the top tiers only: 19 probes would mean it read every tier down to 0.
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.length).toBeLessThan(19);
  });
});
