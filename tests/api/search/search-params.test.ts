import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AGE_BAND_KEYS,
  DEFAULT_RADIUS,
  GUEST_SEARCHER,
  ONLY_SHOW_TYPES,
  PRICE_BAND_KEYS,
  RADIUS_OPTIONS,
  SEARCH_SORTS,
  applyFilterAction,
  buildSearchRequest,
  clampRadius,
  defaultGendersFor,
  defaultSortFor,
  distanceLabel,
  normalizeUrlState,
  parseRange,
  parseSearchParams,
  SEARCH_QUERY_KEYS,
  searchRequestSchema,
  searchTargetFor,
  serializeSearchParams,
  usableLocation,
  type Searcher,
} from "#server/contract/search";
import { BENEFIT_NAMES, benefitsGrantedTo } from "#server/contract/entitlements";
import { GENDER, USER_TYPE } from "#server/contract/users";
import * as v from "valibot";
import { compactCount } from "~/utils/numbers";

const client: Searcher = { userType: USER_TYPE.client, gender: GENDER.male, benefits: [] };
const memberClient: Searcher = { ...client, benefits: benefitsGrantedTo("client") };
const escort: Searcher = { userType: USER_TYPE.escort, gender: GENDER.female, benefits: [] };
const business: Searcher = { userType: USER_TYPE.business, gender: null, benefits: [] };
const BERLIN = { lat: 52.52, lon: 13.4 };

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));

describe("query string parsing", () => {
  it("reads every parameter of spec section 2", () => {
    const state = parse(
      "sort=distance&radius=20&gender=2&gender=3&age=18-25&price=100-150&weight=50-70&height=160-*&country=de&country=AT&city=de-berlin&user_type=escort&only_show_type=is_new&only_show_type=has_avatar&popFilters=blonde&page=3",
    );
    expect(state).toEqual({
      sort: "distance",
      radius: 20,
      gender: [2, 3],
      age: [18, 25],
      price: [100, 150],
      weight: [50, 70],
      height: [160, "*"],
      country: ["AT", "DE"],
      city: "de-berlin",
      userType: "escort",
      customized: false,
      onlyShowType: ["has_avatar", "is_new"],
      popFilters: "blonde",
      page: 3,
    });
  });

  it("drops empty and malformed values", () => {
    const state = parse(
      "sort=best&radius=abc&gender=99&age=-&price=5-7&weight=*-*&height=&country=Deutschland&user_type=admin&only_show_type=x&page=0&lat=91&lon=5",
    );
    expect(state).toEqual({ gender: [], country: [], customized: false, onlyShowType: [], page: 1 });
  });

  it("accepts min/max inputs of the no-JS form and custom prices when customized", () => {
    expect(parse("weight_min=80&weight_max=60").weight).toEqual([60, 80]);
    expect(parse("height_min=170").height).toEqual([170, "*"]);
    expect(parse("price=90-130").price).toBeUndefined();
    expect(parse("customized=1&price_min=90&price_max=130&price_duration=30")).toMatchObject({
      customized: true,
      price: [90, 130],
      priceDuration: 30,
    });
  });

  it("reads age bands including the open 46+", () => {
    for (const band of AGE_BAND_KEYS) expect(parse(`age=${encodeURIComponent(band)}`).age).toBeDefined();
    expect(parse("age=46%2B").age).toEqual([46, "*"]);
    expect(parse("age=10-200").age).toEqual([18, 99]);
  });

  it("parses ranges with * for open ends", () => {
    expect(parseRange("*-100")).toEqual(["*", 100]);
    expect(parseRange("200+")).toEqual([200, "*"]);
    expect(parseRange("*-*")).toBeUndefined();
    expect(parseRange("1-2-3")).toBeUndefined();
  });
});

describe("rules of sections 5 and 6", () => {
  it("clamps the radius: default for <= 0 and for non-members above the default", () => {
    expect(clampRadius(0, false)).toBe(DEFAULT_RADIUS);
    expect(clampRadius(-5, true)).toBe(DEFAULT_RADIUS);
    expect(clampRadius(300, false)).toBe(DEFAULT_RADIUS);
    expect(clampRadius(300, true)).toBe(300);
    expect(clampRadius(501, true)).toBe(DEFAULT_RADIUS);
    for (const r of RADIUS_OPTIONS) expect(clampRadius(r, false)).toBe(r);
  });

  it("maps the search target", () => {
    expect(searchTargetFor(GUEST_SEARCHER, "client")).toBe("escort");
    expect(searchTargetFor(escort, "escort")).toBe("escort");
    expect(searchTargetFor(client, undefined)).toBe("escort");
    expect(searchTargetFor(escort, undefined)).toBe("client");
    expect(searchTargetFor(business, undefined)).toBe("client");
    expect(searchTargetFor(GUEST_SEARCHER, undefined, "business")).toBe("business");
  });

  it("forces the distance-ring sort only for member clients", () => {
    expect(defaultSortFor(memberClient)).toEqual({ sort: "top_ranking_distance_ring", forcedInUrl: true });
    expect(defaultSortFor(client)).toEqual({ sort: "top_ranking", forcedInUrl: false });
    expect(normalizeUrlState(parse(""), memberClient).sort).toBe("top_ranking_distance_ring");
    expect(normalizeUrlState(parse(""), client).sort).toBeUndefined();
    expect(normalizeUrlState(parse("radius=500"), client).radius).toBe(DEFAULT_RADIUS);
    expect(normalizeUrlState(parse("radius=500"), memberClient).radius).toBe(500);
  });

  it("defaults the gender to 3 minus one's own, or trans from 3 up", () => {
    expect(defaultGendersFor(client)).toEqual([GENDER.female]);
    expect(defaultGendersFor(escort)).toEqual([GENDER.male]);
    expect(defaultGendersFor({ ...client, gender: GENDER.couple_female_male })).toEqual([GENDER.trans]);
    expect(defaultGendersFor(GUEST_SEARCHER)).toEqual([]);
  });

  it("hides escort-only filters and escorts' hidden filters", () => {
    const forEscort = buildSearchRequest(parse("price=100-150&only_show_type=is_new&only_show_type=is_hot"), escort, BERLIN);
    expect(forEscort?.filterquery).toMatchObject({ user_type: "client" });
    expect(forEscort?.filterquery?.price).toBeUndefined();
    expect(forEscort?.filterquery?.only_show_type).toBeUndefined();
    const forClient = buildSearchRequest(parse("price=100-150&only_show_type=is_new"), client, BERLIN);
    expect(forClient?.filterquery).toMatchObject({
      user_type: "escort",
      price: [100, 150],
      only_show_type: ["is_new"],
      gender: [GENDER.female],
    });
  });

  it("builds no search without a usable location", () => {
    expect(buildSearchRequest(parse(""), client, null)).toBeNull();
    expect(buildSearchRequest(parse("country=DE"), client, null)?.filterquery).toMatchObject({ country: ["DE"] });
    expect(usableLocation({ location: { lat: 0, lon: 13, radius: 10 } }, false)).toBeNull();
    expect(usableLocation({ location: { lat: 52, lon: 13, radius: 0 } }, false)).toBeNull();
    expect(usableLocation({ location: { lat: 52, lon: 13, radius: -3 } }, false)).toEqual({
      mode: "radius",
      lat: 52,
      lon: 13,
      radius: DEFAULT_RADIUS,
    });
  });

  it("implements the filter actions of section 4", () => {
    const state = parse("radius=20&city=de-berlin&sort=distance&customized=1&price=10-20&weight=50-60&gender=2&page=2");
    expect(applyFilterAction(state, "reset_all")).toEqual(parse(""));
    expect(applyFilterAction(state, "reset_radius_and_position")).not.toHaveProperty("radius");
    expect(applyFilterAction(state, "reset_radius_and_position")).not.toHaveProperty("city");
    expect(applyFilterAction(state, "reset_sort")).not.toHaveProperty("sort");
    expect(applyFilterAction(state, "switch_customized_price")).toMatchObject({ customized: false, page: 1 });
    expect(applyFilterAction(state, "reset_weight")).not.toHaveProperty("weight");
  });

  it("formats distances and counts as spec section 9 says", () => {
    expect(distanceLabel(0.4)).toBe("<1km");
    expect(distanceLabel(12.4)).toBe("12km");
    expect(distanceLabel(501)).toBe(">500km");
    expect(compactCount(999)).toBe("999");
    expect(compactCount(1234)).toBe("1.2k");
    // The page passes its language's decimal mark (German: 1,2k).
    expect(compactCount(1234, ",")).toBe("1,2k");
    expect(compactCount(15_600, ",")).toBe("15k");
    expect(compactCount(15_600)).toBe("15k");
  });
});

// --- Properties -------------------------------------------------------------

const rangeArb = (min: number, max: number) =>
  fc
    .tuple(fc.option(fc.integer({ min, max }), { nil: undefined }), fc.option(fc.integer({ min, max }), { nil: undefined }))
    .filter(([a, b]) => a !== undefined || b !== undefined)
    .map(([a, b]) => {
      const lo = a ?? "*";
      const hi = b ?? "*";
      if (lo !== "*" && hi !== "*" && lo > hi) return [hi, lo] as [number, number];
      return [lo, hi] as [number | "*", number | "*"];
    });

const stateArb = fc.record({
  sort: fc.option(fc.constantFrom(...SEARCH_SORTS), { nil: undefined }),
  radius: fc.option(fc.integer({ min: -1000, max: 100000 }), { nil: undefined }),
  gender: fc.uniqueArray(fc.constantFrom(1, 2, 3, 6, 7, 8, 9, 10, 11), { maxLength: 4 }).map((g) => g.sort((a, b) => a - b)),
  age: fc.option(rangeArb(18, 99), { nil: undefined }),
  price: fc.option(
    fc.constantFrom(...PRICE_BAND_KEYS).map((band) => parseRange(band)!),
    { nil: undefined },
  ),
  weight: fc.option(rangeArb(30, 200), { nil: undefined }),
  height: fc.option(rangeArb(100, 230), { nil: undefined }),
  country: fc.uniqueArray(fc.constantFrom("AT", "CH", "DE", "ES", "NL", "PL"), { maxLength: 3 }).map((c) => c.sort()),
  city: fc.option(fc.stringMatching(/^[a-z]{2}-[a-z]{1,12}$/), { nil: undefined }),
  userType: fc.option(fc.constantFrom("escort" as const, "client" as const, "business" as const), { nil: undefined }),
  customized: fc.constant(false),
  onlyShowType: fc.uniqueArray(fc.constantFrom(...ONLY_SHOW_TYPES), { maxLength: 4 }).map((t) => [...t].sort()),
  popFilters: fc.option(fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/), { nil: undefined }),
  page: fc.integer({ min: 1, max: 50 }),
});

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const searcherArb = fc.record({
  userType: fc.constantFrom(0, 1, 2, 3),
  gender: fc.option(fc.constantFrom(1, 2, 3, 7, 11), { nil: null }),
  // Any set of benefits, whatever the type: the rules must hold for every answer of the kernel.
  benefits: fc.subarray(BENEFIT_NAMES),
});

describe("properties", () => {
  it("round-trips: parse(serialize(state)) equals state", () => {
    fc.assert(
      fc.property(stateArb, (raw) => {
        const state = withoutUndefined(raw);
        expect(parseSearchParams(serializeSearchParams(state))).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on garbage and always yields a canonical, stable URL", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...SEARCH_QUERY_KEYS), fc.string({ maxLength: 30 })), { maxLength: 20 }),
        searcherArb,
        (pairs, searcher) => {
          const params = new URLSearchParams(pairs);
          const state = normalizeUrlState(parseSearchParams(params), searcher);
          const canonical = serializeSearchParams(state);
          // Normalizing a canonical URL changes nothing (no redirect loops).
          expect(serializeSearchParams(normalizeUrlState(parseSearchParams(canonical), searcher)).toString()).toBe(canonical.toString());
          const request = buildSearchRequest(state, searcher, BERLIN);
          if (request) expect(v.safeParse(searchRequestSchema, request).success).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("clamps every radius to an offered option", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.boolean(), (radius, wideRadius) => {
        const r = clampRadius(radius, wideRadius);
        expect(wideRadius ? r <= 500 : (RADIUS_OPTIONS as readonly number[]).includes(r)).toBe(true);
        expect(r).toBeGreaterThan(0);
      }),
    );
  });
});
