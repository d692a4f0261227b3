/**
 * The search page's additions to the contract: the filter actions that carry
 * a value (spec section 4), the listing path per mode, normalization for an
 * implied target, and the hints for what the min/max fields could not take.
 */
import { describe, expect, it } from "vitest";
import {
  GUEST_SEARCHER,
  LISTING_PATHS,
  applyFilterAction,
  listingPathFor,
  normalizeUrlState,
  parseSearchParams,
  serializeSearchParams,
  type Searcher,
} from "#server/contract/search";
import { benefitsGrantedTo } from "#server/contract/entitlements";
import { searchInputErrors } from "#server/contract/search-input";
import { GENDER, USER_TYPE } from "#server/contract/users";

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));
const qs = (state: ReturnType<typeof parse>) => serializeSearchParams(state).toString();
const escort: Searcher = { userType: USER_TYPE.escort, gender: GENDER.female, benefits: [] };
const memberClient: Searcher = { userType: USER_TYPE.client, gender: GENDER.male, benefits: benefitsGrantedTo("client") };

describe("filter actions with a value", () => {
  const state = parse("country=AT&lat=52.1&lon=13.2&radius=20&gender=2&age=18-25&weight=50-70&sort=distance&page=4");

  it("update location: a typed city replaces position and countries, back to page 1", () => {
    expect(qs(applyFilterAction(state, { type: "update_location", city: "de-hamburg" }))).toBe(
      "city=de-hamburg&radius=20&gender=2&age=18-25&weight=50-70&sort=distance",
    );
    expect(applyFilterAction(state, { type: "update_location", city: "  " })).not.toHaveProperty("city");
  });

  it("update radius with lat/lon: rounds to 5 decimals and drops the city", () => {
    const next = applyFilterAction(parse("city=de-berlin&radius=50"), {
      type: "update_radius_position",
      lat: 53.5511234,
      lon: 9.9936789,
      radius: 10,
    });
    expect(qs(next)).toBe("lat=53.55112&lon=9.99368&radius=10");
    // Impossible coordinates are no position.
    expect(applyFilterAction(parse("city=de-berlin"), { type: "update_radius_position", lat: 123, lon: 9 })).not.toHaveProperty("lat");
  });

  it("update weight and height ranges, with * for open ends, swapped when reversed", () => {
    expect(applyFilterAction(state, { type: "update_weight", range: [80, 60] }).weight).toEqual([60, 80]);
    expect(applyFilterAction(state, { type: "update_height", range: [170, "*"] }).height).toEqual([170, "*"]);
    expect(applyFilterAction(state, { type: "update_weight", range: ["*", "*"] })).not.toHaveProperty("weight");
    expect(applyFilterAction(state, { type: "update_weight", range: undefined })).not.toHaveProperty("weight");
  });

  it("update search mode keeps only the location", () => {
    expect(qs(applyFilterAction(state, { type: "update_search_mode", mode: "business" }))).toBe("lat=52.1&lon=13.2&country=AT&radius=20");
    expect(listingPathFor("business", "escort")).toBe(LISTING_PATHS.business);
    expect(listingPathFor("user", "business")).toBe("escorts");
    expect(listingPathFor("user", "client")).toBe("clients");
  });

  it("the reset links of the page each change only their part", () => {
    expect(qs(applyFilterAction(state, "reset_radius_and_position"))).toBe("country=AT&gender=2&age=18-25&weight=50-70&sort=distance");
    expect(qs(applyFilterAction(state, "reset_sort"))).toBe("lat=52.1&lon=13.2&country=AT&radius=20&gender=2&age=18-25&weight=50-70");
    expect(qs(applyFilterAction(parse("customized=1&price=90-130&price_duration=30"), "switch_customized_price"))).toBe("");
    expect(qs(applyFilterAction(parse("price=100-150"), "switch_customized_price"))).toBe("customized=1");
  });
});

describe("normalization for a listing path's implied target", () => {
  it("keeps the escort sorts and price for an escort on /escorts", () => {
    const state = parse("sort=price_low_to_high&price=100-150");
    // Without the implied target an escort searches clients: price and price sort go.
    expect(normalizeUrlState(state, escort)).not.toHaveProperty("sort");
    expect(normalizeUrlState(state, escort, { impliedUserType: "escort" })).toMatchObject({ sort: "price_low_to_high", price: [100, 150] });
  });

  it("forces the member sort only where the target offers it", () => {
    expect(normalizeUrlState(parse(""), memberClient, { impliedUserType: "escort" }).sort).toBe("top_ranking_distance_ring");
    expect(normalizeUrlState(parse(""), memberClient, { mode: "business" }).sort).toBeUndefined();
    expect(normalizeUrlState(parse("sort=price_low_to_high"), GUEST_SEARCHER, { mode: "business" })).not.toHaveProperty("sort");
  });

  it("drops user_type on the business path", () => {
    expect(normalizeUrlState(parse("user_type=escort"), GUEST_SEARCHER, { mode: "business" })).not.toHaveProperty("userType");
  });
});

describe("input hints of the min/max fields", () => {
  const errors = (q: string) => searchInputErrors(new URLSearchParams(q));
  it("flags text, reversed and out-of-range values per field", () => {
    expect(errors("weight_min=abc&weight_max=70")).toEqual({ weight: "not_a_number" });
    expect(errors("weight_min=80&weight_max=60")).toEqual({ weight: "min_above_max" });
    expect(errors("height_min=20")).toEqual({ height: "out_of_range" });
    expect(errors("height=100-300")).toEqual({ height: "out_of_range" });
    expect(errors("weight=abc")).toEqual({ weight: "not_a_number" });
  });

  it("accepts empty, valid and open values, and prices only when customized", () => {
    expect(errors("")).toEqual({});
    expect(errors("weight_min=&weight_max=&height=160-*&weight=50%2B")).toEqual({});
    expect(errors("weight=*-*")).toEqual({});
    expect(errors("price_min=x")).toEqual({});
    expect(errors("customized=1&price_min=x")).toEqual({ price: "not_a_number" });
    expect(errors("customized=1&price_min=0&price_max=100")).toEqual({});
  });

  it("never throws on garbage", () => {
    for (const q of ["weight_min=%00", "height_max=1e9", "price=-", "weight=" + "9".repeat(50), "customized=1&price_max=-5"]) {
      expect(() => errors(q)).not.toThrow();
    }
  });
});
