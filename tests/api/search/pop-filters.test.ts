/**
 * Popular filters (docs/decisions/010): the preset table, lookup per target,
 * how a preset merges into the URL state, and that every preset builds a
 * valid API request for the targets it is offered for.
 */
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { POP_FILTERS, POP_FILTER_SLUG_RE, applyPopFilter, findPopFilter, popFiltersFor } from "#server/contract/pop-filters";
import {
  EMPTY_URL_STATE,
  GUEST_SEARCHER,
  SEARCH_TARGETS,
  allowedFilters,
  buildSearchRequest,
  parseSearchParams,
  searchRequestSchema,
  type Searcher,
} from "#server/contract/search";
import { benefitsGrantedTo } from "#server/contract/entitlements";
import { GENDER, USER_TYPE } from "#server/contract/users";
import de from "../../../locales/de/search.json";
import en from "../../../locales/en/search.json";
import es from "../../../locales/es/search.json";
import pl from "../../../locales/pl/search.json";

const memberClient: Searcher = { userType: USER_TYPE.client, gender: GENDER.male, benefits: benefitsGrantedTo("client") };
const escort: Searcher = { userType: USER_TYPE.escort, gender: GENDER.female, benefits: [] };
const BERLIN = { lat: 52.52, lon: 13.4 };

describe("the preset table", () => {
  it("has unique, stable ASCII slugs and keys, each translated in every language", () => {
    expect(new Set(POP_FILTERS.map((f) => f.slug)).size).toBe(POP_FILTERS.length);
    expect(new Set(POP_FILTERS.map((f) => f.key)).size).toBe(POP_FILTERS.length);
    for (const filter of POP_FILTERS) {
      expect(filter.slug).toMatch(POP_FILTER_SLUG_RE);
      // The search URL accepts the slug as its popFilters parameter too.
      expect(parseSearchParams(new URLSearchParams({ popFilters: filter.slug })).popFilters).toBe(filter.slug);
      for (const locale of [de, en, es, pl]) {
        const label = (locale.search as unknown as { pop_filters: Record<string, string> }).pop_filters[filter.key];
        expect(label, `${filter.key}`).toBeTruthy();
      }
    }
  });

  it("offers escort-only flags (new, hot, on tour) only where the contract allows them", () => {
    for (const target of SEARCH_TARGETS) {
      for (const filter of popFiltersFor(target)) {
        const allowed = allowedFilters(GUEST_SEARCHER, target);
        for (const flag of filter.onlyShowType) {
          if (flag === "is_new" || flag === "is_hot" || flag === "on_tour")
            expect(allowed.has(flag), `${filter.slug} on ${target}`).toBe(true);
        }
      }
    }
    expect(popFiltersFor("client").map((f) => f.slug)).not.toContain("neu");
    expect(popFiltersFor("business")).toEqual([]);
  });
});

describe("findPopFilter", () => {
  it("finds a known slug for a target that offers it, else null", () => {
    expect(findPopFilter("neu", "escort")?.onlyShowType).toEqual(["is_new"]);
    expect(findPopFilter("neu", "client")).toBeNull();
    expect(findPopFilter("verifiziert", "client")?.key).toBe("verified");
    expect(findPopFilter("Neu", "escort")).toBeNull();
    expect(findPopFilter("", "escort")).toBeNull();
    expect(findPopFilter(undefined, "escort")).toBeNull();
    expect(findPopFilter("no-such-filter", "escort")).toBeNull();
  });

  it("never throws and only returns table entries, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), fc.constantFrom(...SEARCH_TARGETS), (slug, target) => {
        const found = findPopFilter(slug, target);
        return found === null || (POP_FILTERS.includes(found) && found.targets.includes(target));
      }),
    );
  });
});

describe("applyPopFilter", () => {
  it("adds the preset's flags to the URL's (sorted, once)", () => {
    const state = { ...EMPTY_URL_STATE, onlyShowType: ["is_verified" as const], gender: [2], country: [] };
    const next = applyPopFilter(state, findPopFilter("neu", "escort")!, GUEST_SEARCHER, "escort");
    expect(next.onlyShowType).toEqual(["is_new", "is_verified"]);
    expect(next.gender).toEqual([2]);
    expect(state.onlyShowType).toEqual(["is_verified"]);
    expect(applyPopFilter(next, findPopFilter("neu", "escort")!, GUEST_SEARCHER, "escort").onlyShowType).toEqual(["is_new", "is_verified"]);
  });

  it("applies the preset's sort over none or the forced default, never over the URL's own choice", () => {
    const top = findPopFilter("top-bewertet", "escort")!;
    expect(applyPopFilter(EMPTY_URL_STATE, top, GUEST_SEARCHER, "escort").sort).toBe("rating");
    expect(applyPopFilter({ ...EMPTY_URL_STATE, sort: "top_ranking_distance_ring" }, top, memberClient, "escort").sort).toBe("rating");
    expect(applyPopFilter({ ...EMPTY_URL_STATE, sort: "price_low_to_high" }, top, GUEST_SEARCHER, "escort").sort).toBe("price_low_to_high");
    // A sort the target does not offer is not applied.
    expect(applyPopFilter(EMPTY_URL_STATE, { ...top, targets: ["client"] }, escort, "client").sort).toBeUndefined();
  });

  it("gives a valid API request for every preset and target it is offered for, with its flags", () => {
    for (const target of ["escort", "client"] as const) {
      const searcher = target === "client" ? escort : GUEST_SEARCHER;
      for (const filter of popFiltersFor(target)) {
        const state = applyPopFilter({ ...EMPTY_URL_STATE, userType: target }, filter, searcher, target);
        const request = buildSearchRequest(state, searcher, BERLIN);
        expect(request, filter.slug).not.toBeNull();
        const parsed = v.safeParse(searchRequestSchema, request);
        expect(parsed.success, filter.slug).toBe(true);
        expect(request!.filterquery?.only_show_type ?? []).toEqual([...filter.onlyShowType]);
        if (filter.sort) expect(request!.sort).toBe(filter.sort);
      }
    }
  });
});
