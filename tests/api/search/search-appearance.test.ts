/**
 * The appearance filters of the search URL (spec section 6): cup bands,
 * breast type, hair colour and length as option keys, piercing and tattoo as
 * 0/1; dropped where allowedFilters hides them, unknown keys dropped by the
 * canonical URL, and resolved to trait option ids for the API.
 */
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  APPEARANCE_FLAG_PARAMS,
  APPEARANCE_LIST_PARAMS,
  GUEST_SEARCHER,
  ONLY_SHOW_TYPES,
  allowedAppearanceParams,
  applyFilterAction,
  buildSearchRequest,
  normalizeUrlState,
  parseSearchParams,
  searchRequestSchema,
  serializeSearchParams,
  type Searcher,
} from "#server/contract/search";
import { BENEFIT_NAMES } from "#server/contract/entitlements";
import { APPEARANCE_CATALOG, appearanceFields } from "#server/contract/search-appearance";
import { CUP_SIZE_BANDS, isValidTraitOption } from "#server/contract/traits";
import { GENDER, USER_TYPE } from "#server/contract/users";
import deSearch from "../../../locales/de/search.json";
import deTraits from "../../../locales/de/traits.json";
import enSearch from "../../../locales/en/search.json";
import enTraits from "../../../locales/en/traits.json";
import esSearch from "../../../locales/es/search.json";
import esTraits from "../../../locales/es/traits.json";
import plSearch from "../../../locales/pl/search.json";
import plTraits from "../../../locales/pl/traits.json";

// The search form names keys of both namespaces.
const [de, en, es, pl] = [
  { ...deSearch, ...deTraits },
  { ...enSearch, ...enTraits },
  { ...esSearch, ...esTraits },
  { ...plSearch, ...plTraits },
];
const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));
const qs = (state: ReturnType<typeof parse>) => serializeSearchParams(state).toString();
const client: Searcher = { userType: USER_TYPE.client, gender: GENDER.male, benefits: [] };
const escort: Searcher = { userType: USER_TYPE.escort, gender: GENDER.female, benefits: [] };
const business: Searcher = { userType: USER_TYPE.business, gender: null, benefits: [] };
const BERLIN = { lat: 52.52, lon: 13.4 };
const catalog = { appearance: APPEARANCE_CATALOG };

describe("appearance parameters", () => {
  it("reads option keys (repeated or comma-separated) sorted and unique, flags only as 0/1", () => {
    const state = parse("cup=c_d&cup=a_b,c_d&breast_type=natural&hair_color=red&hair_color=blonde&hair_length=long&piercing=1&tattoo=0");
    expect(state.appearance).toEqual({
      cup: ["a_b", "c_d"],
      breast_type: ["natural"],
      hair_color: ["blonde", "red"],
      hair_length: ["long"],
      piercing: 1,
      tattoo: 0,
    });
    expect(parse("cup=A%2BB&hair_color=&piercing=2&tattoo=yes")).not.toHaveProperty("appearance");
  });

  it("writes them in a fixed place of the canonical URL", () => {
    expect(qs(parse("tattoo=1&hair_color=red&hair_color=blonde&cup=a_b&radius=20&only_show_type=is_new&sort=distance"))).toBe(
      "radius=20&cup=a_b&hair_color=blonde&hair_color=red&tattoo=1&only_show_type=is_new&sort=distance",
    );
  });

  it("drops unknown keys when normalizing with the catalog, never throwing", () => {
    const state = normalizeUrlState(parse("cup=a_b&cup=z_z&hair_color=purple&hair_color=red&breast_type=constructor"), GUEST_SEARCHER, {
      impliedUserType: "escort",
      ...catalog,
    });
    expect(state.appearance).toEqual({ cup: ["a_b"], hair_color: ["red"] });
    expect(normalizeUrlState(parse("hair_color=purple"), GUEST_SEARCHER, catalog)).not.toHaveProperty("appearance");
  });

  it("drops what the searcher may not use: everything in escorts' searches and on the business path", () => {
    const all = parse("cup=a_b&breast_type=natural&hair_color=red&hair_length=long&piercing=0&tattoo=1");
    expect(normalizeUrlState(all, escort, { impliedUserType: "client", ...catalog })).not.toHaveProperty("appearance");
    expect(normalizeUrlState(all, GUEST_SEARCHER, { mode: "business", ...catalog })).not.toHaveProperty("appearance");
    expect(normalizeUrlState(all, client, { impliedUserType: "escort", ...catalog }).appearance).toEqual(all.appearance);
    expect(buildSearchRequest(all, escort, BERLIN, catalog)?.filterquery).not.toHaveProperty("piercing");
    expect(allowedAppearanceParams(escort, "client")).toEqual([]);
    expect(allowedAppearanceParams(business, "client")).toEqual(["cup", "breast_type", "hair_color", "hair_length", "piercing", "tattoo"]);
  });

  it("sends cup bands as their cup option ids and keys as option ids", () => {
    const filter = buildSearchRequest(
      parse("cup=a_b&cup=k_plus&breast_type=enhanced&hair_color=blonde&hair_color=red&hair_length=long&piercing=0&tattoo=1"),
      GUEST_SEARCHER,
      BERLIN,
      catalog,
    )?.filterquery;
    expect(filter).toMatchObject({ cup_size: [1, 2, 11], breast_type: [2], hair_color: [1, 6], hair_length: [6], piercing: 0, tattoo: 1 });
    // Without the catalog only the flags can be sent (the page always passes it).
    const bare = buildSearchRequest(parse("cup=a_b&piercing=1"), GUEST_SEARCHER, BERLIN)?.filterquery;
    expect(bare).toMatchObject({ piercing: 1 });
    expect(bare).not.toHaveProperty("cup_size");
  });

  it("asks for cup counts by band wherever cup sizes may be filtered", () => {
    expect(buildSearchRequest(parse(""), GUEST_SEARCHER, BERLIN)?.facets?.term).toContain("cup_size");
    expect(buildSearchRequest(parse(""), business, BERLIN)?.facets?.term).toEqual(["gender", "cup_size"]);
    expect(buildSearchRequest(parse(""), escort, BERLIN)?.facets?.term).toEqual(["gender"]);
  });

  it("reset appearance clears every appearance filter and nothing else", () => {
    const state = parse("radius=20&gender=2&cup=a_b&hair_color=red&piercing=1&page=3");
    expect(qs(applyFilterAction(state, "reset_appearance"))).toBe("radius=20&gender=2");
    expect(applyFilterAction(state, "reset_all")).not.toHaveProperty("appearance");
  });

  it("the form's fields: none for escorts, translated labels in every language otherwise", () => {
    expect(appearanceFields(allowedAppearanceParams(escort, "client"))).toEqual([]);
    const fields = appearanceFields(allowedAppearanceParams(GUEST_SEARCHER, "escort"));
    expect(fields.map((f) => f.param)).toEqual(["cup", "breast_type", "hair_color", "hair_length", "piercing", "tattoo"]);
    expect(fields[0]?.options.map((o) => o.value)).toEqual([...CUP_SIZE_BANDS]);
    const lookup = (dict: unknown, key: string) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
    const keys = [
      ...fields.flatMap((f) => [f.legendKey, ...f.options.map((o) => o.labelKey)]),
      "search.appearance.title",
      "search.appearance.yes",
      "search.appearance.no",
      "search.actions.reset_appearance",
    ];
    for (const dict of [de, en, es, pl]) for (const key of keys) expect(typeof lookup(dict, key), key).toBe("string");
  });
});

// --- Properties -------------------------------------------------------------

const keyPool = [...CUP_SIZE_BANDS, "natural", "enhanced", "blonde", "red", "black", "long", "short", "bald", "purple", "z_z"];
const appearanceArb = fc
  .record({
    cup: fc.uniqueArray(fc.constantFrom(...keyPool), { maxLength: 4 }),
    breast_type: fc.uniqueArray(fc.constantFrom(...keyPool), { maxLength: 3 }),
    hair_color: fc.uniqueArray(fc.constantFrom(...keyPool), { maxLength: 4 }),
    hair_length: fc.uniqueArray(fc.constantFrom(...keyPool), { maxLength: 3 }),
    piercing: fc.option(fc.constantFrom(0 as const, 1 as const), { nil: undefined }),
    tattoo: fc.option(fc.constantFrom(0 as const, 1 as const), { nil: undefined }),
  })
  .map((raw) => {
    const out = Object.fromEntries(
      Object.entries(raw)
        .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
        .map(([key, value]) => [key, Array.isArray(value) ? [...value].sort() : value]),
    );
    return Object.keys(out).length > 0 ? out : undefined;
  });

const searcherArb = fc.record({
  userType: fc.constantFrom(0, 1, 2, 3),
  gender: fc.option(fc.constantFrom(1, 2, 3, 7, 11), { nil: null }),
  // Any set of benefits, whatever the type: the rules must hold for every answer of the kernel.
  benefits: fc.subarray(BENEFIT_NAMES),
});

describe("appearance properties", () => {
  it("round-trips: parse(serialize(state)) equals state", () => {
    fc.assert(
      fc.property(appearanceArb, fc.uniqueArray(fc.constantFrom(...ONLY_SHOW_TYPES), { maxLength: 2 }), (appearance, flags) => {
        const state = { ...parse(""), onlyShowType: [...flags].sort(), ...(appearance ? { appearance } : {}) };
        expect(parseSearchParams(serializeSearchParams(state))).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on garbage; normalization is stable and sends only valid option ids", () => {
    const keys = [...APPEARANCE_LIST_PARAMS, ...APPEARANCE_FLAG_PARAMS, "user_type", "gender"];
    const value = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...keyPool, "0", "1", "a_b,c_d", "constructor", "__proto__"));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 20 }),
        searcherArb,
        fc.constantFrom("escort" as const, "client" as const),
        (pairs, searcher, implied) => {
          const options = { impliedUserType: implied, ...catalog };
          const state = normalizeUrlState(parseSearchParams(new URLSearchParams(pairs)), searcher, options);
          const canonical = serializeSearchParams(state).toString();
          expect(
            serializeSearchParams(normalizeUrlState(parseSearchParams(new URLSearchParams(canonical)), searcher, options)).toString(),
          ).toBe(canonical);
          const request = buildSearchRequest({ ...state, userType: state.userType ?? implied }, searcher, BERLIN, catalog);
          if (!request) return;
          expect(v.safeParse(searchRequestSchema, request).success).toBe(true);
          const filter = request.filterquery ?? {};
          for (const group of ["cup_size", "breast_type", "hair_color", "hair_length"] as const)
            for (const id of filter[group] ?? []) expect(isValidTraitOption(group, id)).toBe(true);
          if (searcher.userType === USER_TYPE.escort)
            for (const group of ["cup_size", "breast_type", "hair_color", "hair_length", "piercing", "tattoo"] as const)
              expect(filter).not.toHaveProperty(group);
        },
      ),
      { numRuns: 500 },
    );
  });
});
