/**
 * The column index (ADR 151) must answer exactly what the SQL answers: the oracle is the SQL path itself. Random
 * searches (radius, countries, a directory place, filters, facets with loose ones, every sort, pages, guests and
 * viewers with blocks) over profiles with tied scores, expired plus, running and ended rise-ups, NULL logins and
 * positions shared by several profiles compare the whole result (hits, total, every facet bucket) of both paths on
 * SQLite and PostgreSQL; searches over several user types at once too (the index's per-type postings, ADR 157). Writes between searches (a profile hidden, moved, a trait or a login changed, a block added,
 * a profile gone) are seen by the very next search; on PostgreSQL also a write whose sequence value commits late.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM } from "#server/contract/geo";
import { GLOBAL_RADIUS, SEARCH_SORTS, type ParsedSearchRequest, type SearchSort } from "#server/contract/search";
import { GUEST_VIEWER } from "#server/modules/access/visibility";
import { runSearch, type SearchInput } from "#server/modules/search/service";
import { SearchColumnIndex } from "#server/modules/search/column-index";
import { pruneSearchProfileChanges } from "#server/modules/search/changes";
import { createTestRuntime, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile, northOf } from "../../helpers/search-fixtures";
import { lcg } from "../../helpers/lcg";

const DAY = 86_400_000;
const VIENNA = { lat: 48.20849, lon: 16.37208 };
let rt: TestRuntime;
const viewers: number[] = [];
const profiles: number[] = [];

beforeAll(async () => {
  rt = await createTestRuntime();
  const now = rt.clock.now();
  const pick = lcg(151);
  const logins = [null, now - 2 * 3_600_000, now - 3 * DAY, now - 20 * DAY, now - 90 * DAY];
  // A few shared positions: equal distances, so the ties' order decides the distance sort.
  const shared = [northOf(BERLIN, 3), northOf(BERLIN, -7)];
  for (let i = 0; i < 150; i++) {
    const inVienna = pick(8) === 0;
    const point = inVienna
      ? { lat: VIENNA.lat + (pick(100) - 50) / 1000, lon: VIENNA.lon }
      : pick(6) === 0
        ? shared[pick(2)]!
        : northOf({ lat: BERLIN.lat, lon: BERLIN.lon + (pick(300) - 150) / 1000 }, pick(300) / 10 - 10);
    const member = pick(4) === 0;
    const traits: Array<[string, number]> = [];
    if (pick(3) > 0) traits.push(["figure_type", 1 + pick(8)]);
    if (pick(3) > 0) traits.push(["race_type", 1 + pick(8)]);
    if (pick(3) > 0) traits.push(["cup_size", 1 + pick(9)]);
    if (pick(4) === 0) traits.push(["piercing", 1]);
    if (pick(4) === 0) traits.push(["tattoo", 2]);
    // Groups held beside the rows (ADR 176): single-choice ones, and languages (several per profile).
    if (pick(3) > 0) traits.push(["hair_color", 1 + pick(4)]);
    if (pick(3) > 0) traits.push(["hair_length", 1 + pick(3)]);
    if (pick(2) > 0) traits.push(["breast_type", 1 + pick(2)]);
    for (const language of [1, 2, 5]) if (pick(2) === 0) traits.push(["languages", language]);
    const user = await createProfile(rt, {
      userType: pick(10) === 0 ? 1 : pick(12) === 0 ? 3 : 2,
      gender: 1 + pick(3),
      age: 19 + pick(40),
      point,
      ...(inVienna ? { countryCode: "AT", regionCode: "9", cityId: 2761369 } : pick(3) === 0 ? { cityId: 2950158, regionCode: "15" } : {}),
      price: pick(3) === 0 ? undefined : 60 + pick(10) * 20,
      heightCm: pick(2) === 0 ? undefined : 155 + pick(30),
      weightKg: pick(2) === 0 ? undefined : 50 + pick(30),
      isMember: member,
      lastLoginAt: logins[pick(logins.length)]!,
      membersOnly: pick(7) === 0,
      traits,
    });
    profiles.push(user.id);
    if (pick(3) > 0)
      await rt.deps.db
        .updateTable("users")
        .set({ business_kind: pick(2) === 0 ? "agency" : "club" })
        .where("id", "=", user.id)
        .where("user_type", "=", 3)
        .execute();
    const rise = pick(12);
    await rt.deps.db
      .updateTable("profiles")
      .set({
        verified_at: pick(3) === 0 ? now - 10 * DAY : null,
        review_count: pick(3) === 0 ? pick(60) : 0,
        rating_avg: pick(3) === 0 ? 1 + pick(9) / 2 : null,
        rise_up_until: rise === 0 ? now + (1 + pick(20)) * 3_600_000 : rise === 1 ? now - 3_600_000 : null,
        available_now_until: pick(5) === 0 ? now + 3_600_000 : null,
        is_hot: pick(5) === 0 ? 1 : 0,
      })
      .where("user_id", "=", user.id)
      .execute();
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

function inputOf(request: ParsedSearchRequest, viewer: number): SearchInput {
  const viewerId = viewer < 0 ? null : viewers[viewer]!;
  return {
    viewer: viewerId === null ? GUEST_VIEWER : { ...GUEST_VIEWER, id: viewerId, userType: 1 },
    viewerGender: viewerId === null ? null : 1,
    request,
  };
}

/** Both paths' whole results; they must be equal. */
async function both(input: SearchInput) {
  const viaSql = await runSearch(rt.deps, { ...input, engine: "sql" });
  const viaIndex = await runSearch(rt.deps, { ...input, engine: "index" });
  return { viaSql, viaIndex };
}

/** Mostly absent: a search with every filter at once finds nobody among 150 profiles. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 }) as fc.Arbitrary<T | undefined>;
/** Rarer still: the groups held beside the rows, so that the searches still often find someone. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary: arb, weight: 1 }) as fc.Arbitrary<T | undefined>;
const range = (values: Array<[number | "*", number | "*"]>) => sometimes(fc.constantFrom<[number | "*", number | "*"]>(...values));
const ids = (max: number) => sometimes(fc.uniqueArray(fc.integer({ min: 1, max }), { minLength: 1, maxLength: 4 }));

const search = fc.record({
  where: fc.constantFrom("radius", "radius", "radius", "country", "countries", "city", "region", "global"),
  radius: fc.constantFrom(5, 10, 20, 50, 100),
  northKm: fc.integer({ min: -12, max: 12 }),
  gender: ids(3),
  age: range([
    [18, 35],
    [30, 45],
    [40, "*"],
  ]),
  price: range([
    [100, 150],
    ["*", "*"],
    [150, "*"],
  ]),
  height: range([[160, 175]]),
  weight: range([["*", 60]]),
  figure: ids(8),
  race: ids(8),
  cup: ids(9),
  piercing: sometimes(fc.constantFrom<0 | 1>(0, 1)),
  hairColor: rarely(fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 })),
  hairLength: rarely(fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 })),
  breast: rarely(fc.constantFrom([1], [2])),
  // "xx" names no language: nobody matches.
  language: rarely(fc.subarray(["de", "en", "fr", "xx"], { minLength: 1 })),
  businessKind: rarely(fc.constantFrom<"agency" | "club">("agency", "club")),
  flags: sometimes(
    fc.subarray(["is_visible", "is_new", "is_verified", "has_review", "is_hot", "is_member", "safe_sex_status", "fsk18_photos"] as const, {
      minLength: 1,
      maxLength: 2,
    }),
  ),
  facets: fc.record({
    term: fc.subarray(["gender", "figure_type", "race_type", "cup_size", "country"] as const),
    range: fc.subarray(["age", "price"] as const),
  }),
  userType: fc.constantFrom<"escort" | "client" | "business" | undefined>(undefined, undefined, "escort", "client", "business"),
  // Several user types at once (the directory's override): the index visits each type's postings of a cell; a type
  // named twice must not count its rows twice.
  userTypes: sometimes(fc.constantFrom<number[]>([1, 2, 3], [2, 3], [3, 2, 3])),
  pageSize: fc.constantFrom(3, 7, 24),
  pageNo: fc.integer({ min: 1, max: 4 }),
  viewer: fc.integer({ min: -1, max: 1 }),
  sort: fc.constantFrom<SearchSort>(...SEARCH_SORTS),
});

describe("the column index", () => {
  it("answers every random search exactly as the SQL does (hits, total, facets)", async () => {
    let served = 0;
    await fc.assert(
      fc.asyncProperty(search, async (s) => {
        const point = northOf(BERLIN, s.northKm);
        const location =
          s.where === "radius"
            ? { location: { ...point, radius: s.radius } }
            : s.where === "global"
              ? { location: { ...point, radius: GLOBAL_RADIUS } }
              : { country: s.where === "countries" ? ["DE", "AT"] : ["DE"] };
        const request = {
          page_no: s.pageNo,
          page_size: s.pageSize,
          searchMode: "user",
          sort: s.sort,
          facets: s.facets,
          filterquery: {
            ...location,
            ...(s.userType ? { user_type: s.userType } : {}),
            ...(s.gender ? { gender: s.gender } : {}),
            ...(s.age ? { age: s.age } : {}),
            ...(s.price ? { price: s.price } : {}),
            ...(s.height ? { height: s.height } : {}),
            ...(s.weight ? { weight: s.weight } : {}),
            ...(s.figure ? { figure_type: s.figure } : {}),
            ...(s.race ? { race_type: s.race } : {}),
            ...(s.cup ? { cup_size: s.cup } : {}),
            ...(s.piercing !== undefined ? { piercing: s.piercing } : {}),
            ...(s.hairColor ? { hair_color: s.hairColor } : {}),
            ...(s.hairLength ? { hair_length: s.hairLength } : {}),
            ...(s.breast ? { breast_type: s.breast } : {}),
            ...(s.language ? { language: s.language } : {}),
            ...(s.businessKind ? { business_kind: s.businessKind } : {}),
            ...(s.flags ? { only_show_type: s.flags } : {}),
          },
        } as ParsedSearchRequest;
        const input = {
          ...inputOf(request, s.viewer),
          ...(s.userTypes ? { userTypes: s.userTypes } : {}),
          ...(s.where === "city" ? { place: { cityId: 2950158 } } : s.where === "region" ? { place: { regionCode: "16" } } : {}),
        };
        const { viaSql, viaIndex } = await both(input);
        expect(viaIndex).toEqual(viaSql);
        if (viaSql.meta.total > 0) served += 1;
      }),
      {
        numRuns: 150,
        // A shared position exactly 5 km from the search point: a row at the radius itself, decided by the SQL's distance.
        examples: [
          [
            {
              where: "radius",
              radius: 5,
              northKm: -12,
              gender: undefined,
              age: undefined,
              price: undefined,
              height: undefined,
              weight: undefined,
              figure: undefined,
              race: undefined,
              cup: undefined,
              piercing: undefined,
              hairColor: undefined,
              hairLength: undefined,
              breast: undefined,
              language: undefined,
              businessKind: undefined,
              flags: undefined,
              facets: { term: ["gender"], range: [] },
              userType: undefined,
              userTypes: undefined,
              pageSize: 24,
              pageNo: 1,
              viewer: -1,
              sort: "distance",
            },
          ],
          // Every kind of tally at once (ADR 170's scan takes them apart): three loose facets with filters (rows one of
          // them rejects, rows two reject), term facets without one, both range facets, and an age filter.
          [
            {
              where: "radius",
              radius: 20,
              northKm: 0,
              gender: [1, 2],
              age: [18, 35],
              price: undefined,
              height: undefined,
              weight: undefined,
              figure: [1, 2, 3, 4],
              race: [2, 3, 5],
              cup: undefined,
              piercing: undefined,
              hairColor: undefined,
              hairLength: undefined,
              breast: undefined,
              language: undefined,
              businessKind: undefined,
              flags: undefined,
              facets: { term: ["gender", "figure_type", "race_type", "cup_size", "country"], range: ["age", "price"] },
              userType: undefined,
              userTypes: undefined,
              pageSize: 24,
              pageNo: 1,
              viewer: -1,
              sort: "top_ranking",
            },
          ],
        ],
      },
    );
    // The searches found something often enough for the comparison to mean something.
    expect(served).toBeGreaterThan(50);
  }, 600_000);

  it("sees every write in the very next search", async () => {
    const now = rt.clock.now();
    const request = (extra: object = {}) =>
      ({
        page_no: 1,
        page_size: 48,
        searchMode: "user",
        sort: "top_ranking",
        facets: { term: ["gender", "figure_type"], range: ["age", "price"] },
        filterquery: { location: { ...BERLIN, radius: 50 }, ...extra },
      }) as ParsedSearchRequest;
    const check = async (input: SearchInput) => {
      const { viaSql, viaIndex } = await both(input);
      expect(viaIndex).toEqual(viaSql);
      return viaIndex;
    };
    const guest = inputOf(request(), -1);
    const before = await check(guest);
    const [first, second, third] = before.hits.map((h) => h.user_id);
    expect(third).toBeDefined();

    // Hidden: gone from the list and the counts.
    await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", first!).execute();
    const hidden = await check(guest);
    expect(hidden.hits.map((h) => h.user_id)).not.toContain(first);
    expect(hidden.meta.total).toBe(before.meta.total - 1);

    // Moved out of the radius.
    await rt.deps.db.updateTable("profiles").set({ lat: VIENNA.lat, lon: VIENNA.lon }).where("user_id", "=", second!).execute();
    expect((await check(guest)).hits.map((h) => h.user_id)).not.toContain(second);

    // A trait changed: the figure facet and filter follow.
    await rt.deps.db
      .updateTable("profile_traits")
      .set({ option_id: 8 })
      .where("user_id", "=", third!)
      .where("group_key", "=", "figure_type")
      .execute();
    await rt.deps.db
      .insertInto("profile_traits")
      .values({ user_id: third!, group_key: "figure_type", option_id: 8 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const figure = await check(inputOf(request({ figure_type: [8] }), -1));
    expect(figure.hits.map((h) => h.user_id)).toContain(third);

    // A language (a trait group held beside the rows, logged by migration 0131) added and removed: the filter follows.
    const polish = () => check(inputOf(request({ language: ["pl"] }), -1));
    expect((await polish()).hits.map((h) => h.user_id)).not.toContain(third);
    await rt.deps.db.insertInto("profile_traits").values({ user_id: third!, group_key: "languages", option_id: 4 }).execute();
    expect((await polish()).hits.map((h) => h.user_id)).toContain(third);
    await rt.deps.db.deleteFrom("profile_traits").where("user_id", "=", third!).where("group_key", "=", "languages").execute();
    expect((await polish()).hits.map((h) => h.user_id)).not.toContain(third);

    // A business's kind changed (a users column, logged by migration 0131).
    const business = (await check(inputOf(request({ user_type: "business" }), -1))).hits[0]!.user_id;
    const clubs = () => check(inputOf(request({ user_type: "business", business_kind: "club" }), -1));
    await rt.deps.db.updateTable("users").set({ business_kind: "club" }).where("id", "=", business).execute();
    expect((await clubs()).hits.map((h) => h.user_id)).toContain(business);
    await rt.deps.db.updateTable("users").set({ business_kind: "agency" }).where("id", "=", business).execute();
    expect((await clubs()).hits.map((h) => h.user_id)).not.toContain(business);

    // A login moves a profile within its tier; a block hides it from the viewer.
    await rt.deps.db.updateTable("users").set({ last_login_at: now }).where("id", "in", profiles.slice(40, 60)).execute();
    await check(guest);
    const viewer = inputOf(request(), 0);
    const seen = (await check(viewer)).hits.map((h) => h.user_id);
    await rt.deps.db.insertInto("blocks").values({ blocker_id: seen[0]!, blocked_id: viewers[0]!, created_at: now }).execute();
    expect((await check(viewer)).hits.map((h) => h.user_id)).not.toContain(seen[0]);

    // A user type changed and changed back: the row leaves its old type's postings of the cell and is counted once.
    const fourth = before.hits[3]!.user_id;
    await rt.deps.db.updateTable("users").set({ user_type: 3 }).where("id", "=", fourth).execute();
    expect((await check(guest)).hits.map((h) => h.user_id)).not.toContain(fourth);
    await check({ ...guest, userTypes: [2, 3] });
    await rt.deps.db.updateTable("users").set({ user_type: 2 }).where("id", "=", fourth).execute();
    expect((await check(guest)).meta.total).toBe((await check({ ...guest, userTypes: [2] })).meta.total);

    // A profile gone with its user.
    await rt.deps.db.deleteFrom("profiles").where("user_id", "=", third!).execute();
    expect((await check(guest)).hits.map((h) => h.user_id)).not.toContain(third);
  }, 120_000);

  it("loads everything again when it fell behind the pruned log, and stays exact", async () => {
    const input = inputOf(
      {
        page_no: 1,
        page_size: 24,
        searchMode: "user",
        sort: "top_ranking",
        facets: { term: ["gender"], range: ["age"] },
        filterquery: { country: ["DE"] },
      } as ParsedSearchRequest,
      -1,
    );
    await both(input);
    const index = SearchColumnIndex.of(rt.deps);
    const loadsBefore = index.loads;
    await rt.deps.db.updateTable("users").set({ last_login_at: null }).where("id", "in", profiles.slice(0, 30)).execute();
    // Everything logged so far is pruned: the index cannot know which rows changed.
    expect(await pruneSearchProfileChanges(rt.deps, 0)).toBeGreaterThan(0);
    const { viaSql, viaIndex } = await both(input);
    expect(viaIndex).toEqual(viaSql);
    expect(index.loads).toBe(loadsBefore + 1);
    // The prune left the log empty: the index stands at the pruned mark, not below it, so it does not load again.
    await both(input);
    expect(index.loads).toBe(loadsBefore + 1);
  }, 120_000);

  it("counts rows just inside and just outside the radius in the grid cells the circle cuts", async () => {
    // Rows 50 m either side of a 10 km circle, on 24 bearings: each sits in a cell whose centre may be well inside the
    // circle; only a cell whose every corner is inside may skip the rows' own distances (ADR 157).
    const HAMBURG = { lat: 53.5511, lon: 9.9937 };
    const radius = 10;
    // Degrees on the search's own sphere (EARTH_RADIUS_KM), so 50 m stays 50 m.
    const kmPerLat = (EARTH_RADIUS_KM * Math.PI) / 180;
    const kmPerLon = kmPerLat * Math.cos((HAMBURG.lat * Math.PI) / 180);
    for (let k = 0; k < 24; k++)
      for (const km of [radius - 0.05, radius + 0.05]) {
        const bearing = (k * 15 * Math.PI) / 180;
        const point = { lat: HAMBURG.lat + (km * Math.cos(bearing)) / kmPerLat, lon: HAMBURG.lon + (km * Math.sin(bearing)) / kmPerLon };
        await createProfile(rt, { point, gender: 1 + (k % 3) });
      }
    const request = {
      page_no: 1,
      page_size: 24,
      searchMode: "user",
      sort: "top_ranking",
      facets: { term: ["gender"], range: ["age"] },
      filterquery: { location: { ...HAMBURG, radius } },
    } as ParsedSearchRequest;
    const { viaSql, viaIndex } = await both(inputOf(request, -1));
    expect(viaIndex).toEqual(viaSql);
    expect(viaSql.meta.total).toBe(24);
  }, 120_000);

  // Registered on PostgreSQL only (no skipped test on SQLite): SQLite commits one writer at a time, so a sequence
  // value there never commits after a larger one.
  if (process.env.TEST_DB === "postgres")
    it("sees a change whose sequence value committed after a larger one (PostgreSQL)", async () => {
      const input = inputOf(
        {
          page_no: 1,
          page_size: 48,
          searchMode: "user",
          sort: "top_ranking",
          facets: { term: ["gender"] },
          filterquery: { country: ["DE"] },
        } as ParsedSearchRequest,
        -1,
      );
      const start = (await both(input)).viaIndex;
      const late = start.hits[0]!.user_id;
      const early = start.hits[1]!.user_id;
      await rt.deps.db.transaction().execute(async (trx) => {
        // This transaction takes its seq first …
        await trx.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", late).execute();
        // … another one takes a larger seq and commits, and the index reads past it.
        await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", early).execute();
        const meanwhile = await runSearch(rt.deps, { ...input, engine: "index" });
        expect(meanwhile.hits.map((h) => h.user_id)).toContain(late);
        expect(meanwhile.hits.map((h) => h.user_id)).not.toContain(early);
      });
      const after = await both(input);
      expect(after.viaIndex).toEqual(after.viaSql);
      expect(after.viaIndex.hits.map((h) => h.user_id)).not.toContain(late);
      const seqs = await sql<{ n: string }>`SELECT count(*) AS n FROM search_profile_changes`.execute(rt.deps.db);
      expect(Number(seqs.rows[0]!.n)).toBeGreaterThan(0);
    }, 120_000);
});
