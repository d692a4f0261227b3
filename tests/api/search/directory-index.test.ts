/**
 * The SEO directory through the column index (ADR 158) must answer exactly what the SQL answers: random directory
 * searches — every category, the whole directory, a country, regions and cities (members touring there included),
 * pages, guests and members with blocks — compare the whole listing (hits, total), a teaser and the counts per child
 * place of both engines, with trait changes of the categories' groups (which write profile_traits alone, logged by
 * migration 0130) between searches, on SQLite and PostgreSQL.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEO_CATEGORIES, SEO_CATEGORY_WORDS, type SeoCategory } from "#server/contract/seo";
import { USER_TYPE } from "#server/contract/users";
import { GUEST_VIEWER, type ViewerContext } from "#server/modules/access/visibility";
import {
  countsByPlace,
  runSearch,
  runSearchPage,
  runSearchWithPlaceCounts,
  searchScope,
  type PlaceColumn,
} from "#server/modules/search/service";
import { SearchColumnIndex } from "#server/modules/search/column-index";
import { indexHolds } from "#server/modules/search/indexed-search";
import { DIRECTORY_LOGGED_TRAIT_GROUPS } from "#server/modules/search/migrations/0130_directory_trait_changes";
import { directorySearchInput, type DirectoryPlaceRef } from "#server/modules/seo/listing";
import { clearDirectoryCache, directoryPage } from "#server/modules/seo/service";
import type { CityHit } from "#server/modules/geo/index";
import { createTestRuntime, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile, northOf } from "../../helpers/search-fixtures";
import { lcg } from "../../helpers/lcg";

const DAY = 86_400_000;
const VIENNA = { lat: 48.20849, lon: 16.37208 };
/** Fixture places: Berlin's two city ids of the search fixtures (region 16), Vienna (AT, region 9). */
const BERLIN_CITY = 2950159;
const OTHER_CITY = 2950158;
const VIENNA_CITY = 2761369;
/** The categories' trait options, and a few options of the same groups that no category uses. */
const DIRECTORY_TRAITS: Array<[string, number]> = [
  ...Object.values(SEO_CATEGORIES).flatMap((c) =>
    ("traits" in c ? c.traits : []).flatMap((t) => t.optionIds.map((id): [string, number] => [t.group, id])),
  ),
  ["meeting_option", 2],
  ["escort_service", 114],
  ["escort_role", 1],
];

let rt: TestRuntime;
const viewers: number[] = [];
const profiles: number[] = [];

beforeAll(async () => {
  // The cities resolve (the whole directory pages below show city teasers).
  rt = await createTestRuntime({ geoData: true });
  const now = rt.clock.now();
  const pick = lcg(158);
  const genders = [1, 2, 3, 6, 7, 8, 9, 10, 11];
  const logins = [null, now - 2 * 3_600_000, now - 3 * DAY, now - 20 * DAY];
  for (let i = 0; i < 140; i++) {
    const where = pick(8);
    const inVienna = where === 0;
    const traits: Array<[string, number]> = [];
    for (let t = pick(4); t > 0; t--) {
      const trait = DIRECTORY_TRAITS[pick(DIRECTORY_TRAITS.length)]!;
      if (!traits.some(([g, o]) => g === trait[0] && o === trait[1])) traits.push(trait);
    }
    if (pick(3) === 0) traits.push(["figure_type", 1 + pick(8)]);
    const user = await createProfile(rt, {
      userType: pick(8) === 0 ? USER_TYPE.client : pick(6) === 0 ? USER_TYPE.business : USER_TYPE.escort,
      gender: genders[pick(genders.length)]!,
      age: 19 + pick(40),
      point: inVienna ? VIENNA : northOf(BERLIN, pick(40) - 20),
      ...(inVienna
        ? { countryCode: "AT", regionCode: "9", cityId: VIENNA_CITY }
        : where < 4
          ? { cityId: OTHER_CITY, regionCode: "16" }
          : where === 4
            ? { cityId: 2867714, regionCode: "02" }
            : {}),
      isMember: pick(4) === 0,
      lastLoginAt: logins[pick(logins.length)]!,
      membersOnly: pick(7) === 0,
      traits,
    });
    profiles.push(user.id);
    // Clubs and agencies: bordell-club lists businesses of one kind (held by the index since ADR 176).
    if (pick(3) > 0)
      await rt.deps.db
        .updateTable("users")
        .set({ business_kind: pick(2) === 0 ? "club" : "agency" })
        .where("id", "=", user.id)
        .where("user_type", "=", USER_TYPE.business)
        .execute();
    if (pick(4) === 0)
      await rt.deps.db
        .updateTable("profiles")
        .set({ verified_at: now - DAY, review_count: pick(30), rise_up_until: pick(5) === 0 ? now + 3_600_000 : null })
        .where("user_id", "=", user.id)
        .execute();
  }
  // Tours: active ones into Berlin's cities and Vienna (listed there besides who lives there), one cancelled, one to come.
  for (let t = 0; t < 24; t++) {
    const userId = profiles[pick(profiles.length)]!;
    const [city, region, country, point] =
      pick(4) === 0 ? [VIENNA_CITY, "9", "AT", VIENNA] : [pick(2) === 0 ? BERLIN_CITY : OTHER_CITY, "16", "DE", BERLIN];
    const state = pick(6);
    if (await rt.deps.db.selectFrom("tours").select("id").where("user_id", "=", userId).executeTakeFirst()) continue;
    await rt.deps.db
      .insertInto("tours")
      .values({
        user_id: userId,
        city_id: city,
        city_slug: `city-${city}`,
        city_name: `City ${city}`,
        country_code: country,
        region_code: region,
        lat: point.lat,
        lon: point.lon,
        date_from: "2026-01-01",
        date_to: "2026-01-02",
        starts_at: state === 0 ? now + DAY : now - DAY,
        ends_at: now + 2 * DAY,
        cancelled_at: state === 1 ? now - 3_600_000 : null,
        created_at: now - 2 * DAY,
      })
      .execute();
  }
  for (let v = 0; v < 2; v++) {
    const viewer = await createProfile(rt, { userType: USER_TYPE.client, gender: 1 });
    viewers.push(viewer.id);
    for (let b = 0; b < 10; b++) {
      const other = profiles[pick(profiles.length)]!;
      await rt.deps.db
        .insertInto("blocks")
        .values({ blocker_id: pick(2) === 0 ? viewer.id : other, blocked_id: pick(2) === 0 ? other : viewer.id, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}, 300_000);
afterAll(async () => rt?.close());

const city = (id: number) => ({ id }) as CityHit;
const PLACES: Record<string, DirectoryPlaceRef> = {
  everywhere: { country: null, region: null, city: null },
  germany: { country: { code: "DE", slug: "deutschland" }, region: null, city: null },
  austria: { country: { code: "AT", slug: "oesterreich" }, region: null, city: null },
  berlinRegion: { country: { code: "DE", slug: "deutschland" }, region: { code: "16", slug: "berlin", name: "Berlin" }, city: null },
  otherRegion: { country: { code: "DE", slug: "deutschland" }, region: { code: "02", slug: "bayern", name: "Bayern" }, city: null },
  berlin: {
    country: { code: "DE", slug: "deutschland" },
    region: { code: "16", slug: "berlin", name: "Berlin" },
    city: city(BERLIN_CITY),
  },
  otherCity: {
    country: { code: "DE", slug: "deutschland" },
    region: { code: "16", slug: "berlin", name: "Berlin" },
    city: city(OTHER_CITY),
  },
  vienna: { country: { code: "AT", slug: "oesterreich" }, region: { code: "9", slug: "wien", name: "Wien" }, city: city(VIENNA_CITY) },
};
const CHILD: Record<string, PlaceColumn> = {
  everywhere: "country_code",
  germany: "region_code",
  austria: "region_code",
  berlinRegion: "city_id",
  otherRegion: "city_id",
};

function viewerOf(viewer: number): ViewerContext {
  return viewer < 0 ? GUEST_VIEWER : { ...GUEST_VIEWER, id: viewers[viewer]!, userType: USER_TYPE.client };
}

/** Both engines' listing, teaser and child-place counts; each pair must be equal. */
async function compare(category: SeoCategory, placeName: string, page: number, viewer: number, pageSize: number) {
  const place = PLACES[placeName]!;
  const input = directorySearchInput(category, place, page, viewerOf(viewer), pageSize);
  const engine = "index" as const;
  const viaSql = await runSearch(rt.deps, { ...input, engine: "sql" });
  const viaIndex = await runSearch(rt.deps, { ...input, engine });
  expect(viaIndex).toEqual(viaSql);
  const teaser = directorySearchInput(category, place, 1, viewerOf(viewer), 5);
  expect(await runSearchPage(rt.deps, { ...teaser, engine })).toEqual(await runSearchPage(rt.deps, { ...teaser, engine: "sql" }));
  const by = CHILD[placeName];
  if (by) {
    const counts = await countsByPlace(rt.deps, { ...input, engine: "sql" }, by, 10);
    expect(await countsByPlace(rt.deps, { ...input, engine }, by, 10)).toEqual(counts);
    // The listing and its counts in one pass (ADR 163): touring members listed, not counted.
    const together = await runSearchWithPlaceCounts(rt.deps, { ...input, engine }, by, 10);
    expect(together.result).toEqual(viaSql);
    expect(await together.placeCounts()).toEqual(counts);
  }
  return viaSql;
}

/** A write of a category's trait group (profile_traits only: search_profiles does not change). */
async function changeTrait(kind: number, profile: number, trait: [string, number]) {
  const db = rt.deps.db;
  const [group_key, option_id] = trait;
  if (kind === 0)
    await db
      .insertInto("profile_traits")
      .values({ user_id: profile, group_key, option_id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  else if (kind === 1) await db.deleteFrom("profile_traits").where("user_id", "=", profile).where("group_key", "=", group_key).execute();
  else {
    // One of the group's options becomes another (an UPDATE, as a hand-edit or a later writer might do).
    const rows = await db
      .selectFrom("profile_traits")
      .select("option_id")
      .where("user_id", "=", profile)
      .where("group_key", "=", group_key)
      .execute();
    if (rows.length > 0 && !rows.some((r) => r.option_id === option_id))
      await db
        .updateTable("profile_traits")
        .set({ option_id })
        .where("user_id", "=", profile)
        .where("group_key", "=", group_key)
        .where("option_id", "=", rows[0]!.option_id)
        .execute();
  }
}

describe("the SEO directory through the column index", () => {
  it("answers every category's condition from the index (the club's business kind too), but an option it does not hold", async () => {
    for (const category of SEO_CATEGORY_WORDS) {
      const { plan } = await searchScope(rt.deps, directorySearchInput(category, PLACES.germany!, 1, GUEST_VIEWER));
      expect(indexHolds(plan, false)).toBe(true);
    }
    const input = directorySearchInput("domina-bdsm", PLACES.germany!, 1, GUEST_VIEWER);
    const { plan } = await searchScope(rt.deps, {
      ...input,
      // An escort service no category names: the index holds only the categories' options of that group.
      directory: { guestVisible: true, traits: [{ group: "escort_service", optionIds: [114] }] },
    });
    expect(indexHolds(plan, false)).toBe(false);
    // Every group a category uses is one the change log follows (else its searches stay on the SQL path).
    for (const c of Object.values(SEO_CATEGORIES))
      for (const t of "traits" in c ? c.traits : []) expect(DIRECTORY_LOGGED_TRAIT_GROUPS).toContain(t.group);
  });

  it("lists, teases and counts every random directory search exactly as the SQL does, across trait changes", async () => {
    let served = 0;
    let touring = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          category: fc.constantFrom(...SEO_CATEGORY_WORDS),
          place: fc.constantFrom(...Object.keys(PLACES)),
          page: fc.integer({ min: 1, max: 4 }),
          pageSize: fc.constantFrom(3, 12),
          viewer: fc.integer({ min: -1, max: 1 }),
          change: fc.option(
            fc.record({
              kind: fc.integer({ min: 0, max: 2 }),
              profile: fc.integer({ min: 0, max: 139 }),
              trait: fc.integer({ min: 0, max: DIRECTORY_TRAITS.length - 1 }),
            }),
            { freq: 2 },
          ),
        }),
        async (s) => {
          if (s.change) await changeTrait(s.change.kind, profiles[s.change.profile]!, DIRECTORY_TRAITS[s.change.trait]!);
          const result = await compare(s.category, s.place, s.page, s.viewer, s.pageSize);
          if (result.meta.total > 0) served += 1;
          if (result.hits.some((h) => h.tour !== null)) touring += 1;
        },
      ),
      { numRuns: 160 },
    );
    // The searches found something (and members on tour) often enough for the comparison to mean something.
    expect(served).toBeGreaterThan(60);
    expect(touring).toBeGreaterThan(3);
  }, 600_000);

  it("sees a category's trait added and removed in the very next search", async () => {
    const input = directorySearchInput("gangbang-bukkake", PLACES.berlinRegion!, 1, GUEST_VIEWER, 500);
    const listed = async () => {
      const viaSql = await runSearch(rt.deps, { ...input, engine: "sql" });
      const viaIndex = await runSearch(rt.deps, { ...input, engine: "index" });
      expect(viaIndex).toEqual(viaSql);
      return viaIndex.hits.map((h) => h.user_id);
    };
    const before = await listed();
    const guestVisible = await rt.deps.db
      .selectFrom("search_profiles")
      .select("user_id")
      .where("user_id", "in", profiles)
      .where("user_type", "=", USER_TYPE.escort)
      .where("members_only", "=", 0)
      .where("region_code", "=", "16")
      .orderBy("user_id")
      .execute();
    const outsider = guestVisible.map((r) => r.user_id).find((id) => !before.includes(id))!;
    expect(outsider).toBeDefined();
    // The outsider's own escort services first (the fixtures' random ones; 114 among them would make the UPDATE below a
    // no-op), so the update turns exactly its one row 209 into 114.
    await changeTrait(1, outsider, ["escort_service", 209]);
    await changeTrait(0, outsider, ["escort_service", 209]);
    expect(await listed()).toContain(outsider);
    await changeTrait(2, outsider, ["escort_service", 114]);
    expect(await listed()).not.toContain(outsider);
  }, 120_000);

  it("lists members touring a place in its one pass but counts them where they live, as the SQL does", async () => {
    const now = rt.clock.now();
    // An escort living in Vienna and one living in Bayern, both touring Berlin now.
    const tourers = [
      await createProfile(rt, {
        userType: USER_TYPE.escort,
        gender: 2,
        point: VIENNA,
        countryCode: "AT",
        regionCode: "9",
        cityId: VIENNA_CITY,
      }),
      await createProfile(rt, { userType: USER_TYPE.escort, gender: 2, point: BERLIN, cityId: 2867714, regionCode: "02" }),
    ];
    for (const tourer of tourers)
      await rt.deps.db
        .insertInto("tours")
        .values({
          user_id: tourer.id,
          city_id: BERLIN_CITY,
          city_slug: "berlin",
          city_name: "Berlin",
          country_code: "DE",
          region_code: "16",
          lat: BERLIN.lat,
          lon: BERLIN.lon,
          date_from: "2026-01-01",
          date_to: "2026-01-02",
          starts_at: now - DAY,
          ends_at: now + 2 * DAY,
          cancelled_at: null,
          created_at: now - 2 * DAY,
        })
        .execute();
    for (const [placeName, by] of [
      ["germany", "region_code"],
      ["berlinRegion", "city_id"],
    ] as const) {
      const input = directorySearchInput("escort", PLACES[placeName]!, 1, GUEST_VIEWER, 500);
      const together = await runSearchWithPlaceCounts(rt.deps, { ...input, engine: "index" }, by, 50);
      const listed = together.result.hits.map((h) => h.user_id);
      for (const tourer of tourers) expect(listed).toContain(tourer.id);
      expect(together.result).toEqual(await runSearch(rt.deps, { ...input, engine: "sql" }));
      const counts = await countsByPlace(rt.deps, { ...input, engine: "sql" }, by, 50);
      expect(await together.placeCounts()).toEqual(counts);
      // The Viennese tourer's home region and the Bavarian's home city are not counted in a place they only visit.
      expect(counts.map((c) => c.key)).not.toContain(placeName === "germany" ? "9" : "2867714");
    }
  }, 120_000);

  it("keeps each place's rows exact when profiles move between cities, regions and countries, change type and go", async () => {
    const db = rt.deps.db;
    const places = ["everywhere", "germany", "austria", "berlinRegion", "otherRegion", "berlin", "otherCity", "vienna"];
    const check = async () => {
      for (const placeName of places)
        for (const category of ["sex-and-erotic", "escort"] as const) await compare(category, placeName, 1, -1, 500);
    };
    await check();
    const [a, b, c, d] = profiles.slice(100, 104) as [number, number, number, number];
    const move = (userId: number, to: { city_id: number; region_code: string; country_code: string }) =>
      db.updateTable("profiles").set(to).where("user_id", "=", userId).execute();
    // A city within the region, another region, another country, and back: each leaves its old place's list.
    await move(a, { city_id: OTHER_CITY, region_code: "16", country_code: "DE" });
    await move(b, { city_id: 2867714, region_code: "02", country_code: "DE" });
    await move(c, { city_id: VIENNA_CITY, region_code: "9", country_code: "AT" });
    await check();
    await move(c, { city_id: BERLIN_CITY, region_code: "16", country_code: "DE" });
    // Another user type (escort → business): another home of the same place.
    await db.updateTable("users").set({ user_type: USER_TYPE.business }).where("id", "=", d).execute();
    await check();
    const inBerlin = async () =>
      (await runSearch(rt.deps, { ...directorySearchInput("escort", PLACES.berlin!, 1, GUEST_VIEWER, 500), engine: "index" })).meta.total;
    const before = await inBerlin();
    // Gone: its slot is free; a new profile in Berlin may take it.
    const gone = (
      await db
        .selectFrom("search_profiles")
        .select("user_id")
        .where("city_id", "=", BERLIN_CITY)
        .where("user_type", "=", USER_TYPE.escort)
        .where("members_only", "=", 0)
        .orderBy("user_id")
        .executeTakeFirstOrThrow()
    ).user_id;
    await db.deleteFrom("profiles").where("user_id", "=", gone).execute();
    expect(await inBerlin()).toBe(before - 1);
    await check();
    const added = await createProfile(rt, { userType: USER_TYPE.escort, gender: 2, point: BERLIN, cityId: BERLIN_CITY, regionCode: "16" });
    profiles.push(added.id);
    expect(await inBerlin()).toBe(before);
    await check();
  }, 600_000);

  it("builds whole directory pages — listing, counts by place and the region's city teasers — as the SQL does", async () => {
    await SearchColumnIndex.of(rt.deps).load();
    const config = rt.deps.config as { searchIndex: boolean };
    const switchedBefore = config.searchIndex;
    const addresses = [
      {},
      { country: "deutschland" },
      { country: "oesterreich" },
      { country: "deutschland", region: "berlin" },
      { country: "deutschland", region: "bayern" },
      { country: "oesterreich", region: "wien" },
      { country: "deutschland", region: "berlin", city: "berlin" },
    ];
    const pageOf = async (engineOn: boolean, query: Parameters<typeof directoryPage>[1], viewer: ViewerContext) => {
      config.searchIndex = engineOn;
      clearDirectoryCache(rt.deps.db);
      try {
        return await directoryPage(rt.deps, query, viewer);
      } catch (error) {
        return { error: String(error) };
      } finally {
        config.searchIndex = switchedBefore;
      }
    };
    let teasers = 0;
    for (const category of SEO_CATEGORY_WORDS)
      for (const address of addresses)
        for (const viewer of [-1, 0]) {
          const query = { category, page: 1, ...address };
          const viaSql = await pageOf(false, query, viewerOf(viewer));
          expect(await pageOf(true, query, viewerOf(viewer))).toEqual(viaSql);
          if ("places" in viaSql) teasers += viaSql.places.filter((p) => p.teaser.length > 0).length;
        }
    // Region pages showed city teasers (the comparison covered them).
    expect(teasers).toBeGreaterThan(10);
  }, 600_000);
});
