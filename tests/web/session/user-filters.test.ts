/**
 * The saved search in the user_filters cookie (docs/decisions/010): what is
 * saved, that reading re-validates everything (a forged cookie gives a
 * canonical value or nothing), the cookie attributes, and that guests never
 * get one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GUEST_SEARCHER, SEARCH_QUERY_KEYS, type Searcher } from "#server/contract/search";
import { benefitsGrantedTo } from "#server/contract/entitlements";
import { GENDER, USER_TYPE } from "#server/contract/users";
import {
  USER_FILTERS_MAX_AGE_S,
  USER_FILTERS_MAX_LENGTH,
  parseSavedSearch,
  readSavedSearch,
  savedSearchFromUrl,
  savedSearchValue,
  searchHomePath,
  userFiltersSetCookie,
} from "~/session/user-filters.server";

const client: Searcher = { userType: USER_TYPE.client, gender: GENDER.male, benefits: [] };
const memberClient: Searcher = { ...client, benefits: benefitsGrantedTo("client") };
const escort: Searcher = { userType: USER_TYPE.escort, gender: GENDER.female, benefits: [] };
const business: Searcher = { userType: USER_TYPE.business, gender: null, benefits: [] };

const request = (path: string, cookie?: string) => new Request(`http://site.test${path}`, { headers: cookie ? { cookie } : {} });

describe("savedSearchValue", () => {
  it("keeps the listing word, the preset and the canonical query, without the page", () => {
    const query = new URLSearchParams("age=26-35&city=Hamburg&gender=2&radius=50&page=3&junk=1");
    expect(savedSearchValue("escorts", "neu", query, client)).toBe("escorts/neu?city=Hamburg&radius=50&gender=2&age=26-35");
    expect(savedSearchValue("escorts", null, new URLSearchParams(), client)).toBe("escorts");
    expect(savedSearchValue("clients", "verifiziert", new URLSearchParams("radius=20"), escort)).toBe("clients/verifiziert?radius=20");
  });

  it("applies the searcher's rules: radius reset, forced member sort", () => {
    expect(savedSearchValue("escorts", null, new URLSearchParams("radius=300"), client)).toBe("escorts?radius=100");
    expect(savedSearchValue("escorts", null, new URLSearchParams("radius=300"), memberClient)).toBe(
      "escorts?radius=300&sort=top_ranking_distance_ring",
    );
  });

  it("saves nothing for guests, businesses, unknown listings or presets the target does not offer", () => {
    expect(savedSearchValue("escorts", null, new URLSearchParams("radius=50"), GUEST_SEARCHER)).toBeNull();
    expect(savedSearchValue("escorts", null, new URLSearchParams(), business)).toBeNull();
    expect(savedSearchValue("agenturen-clubs", null, new URLSearchParams(), client)).toBeNull();
    expect(savedSearchValue("escorts", "no-such", new URLSearchParams(), client)).toBeNull();
    expect(savedSearchValue("clients", "neu", new URLSearchParams(), escort)).toBeNull();
    expect(savedSearchValue("escorts", null, new URLSearchParams({ city: "x".repeat(80) }), client)).not.toBeNull();
  });
});

describe("parseSavedSearch (the cookie read back)", () => {
  it("returns the canonical form of a valid value and null for anything forged", () => {
    expect(parseSavedSearch("escorts/neu?radius=50&city=Hamburg", client)).toBe("escorts/neu?city=Hamburg&radius=50");
    expect(parseSavedSearch("escorts?radius=999999&sort=evil", client)).toBe("escorts?radius=100");
    for (const forged of [
      "",
      "/escorts",
      "https://evil.test/escorts",
      "../admin",
      "escorts/neu/x",
      "escorts//neu",
      "ESCORTS",
      "escorts/Neu",
      "escorts/no-such",
      "messenger?x=1",
      `escorts?city=${"a".repeat(USER_FILTERS_MAX_LENGTH)}`,
    ]) {
      expect(parseSavedSearch(forged, client), forged).toBeNull();
    }
    expect(parseSavedSearch("escorts?radius=50", GUEST_SEARCHER)).toBeNull();
  });

  it("never throws; whatever it returns is a fixed point (canonical) and a relative listing path", () => {
    const keyValue = fc.tuple(fc.constantFrom(...SEARCH_QUERY_KEYS, "x", "tk"), fc.string({ maxLength: 30 }));
    const cookie = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc
        .tuple(
          fc.constantFrom("escorts", "clients", "escorts/neu", "clients/verifiziert", "escorts/hot"),
          fc.array(keyValue, { maxLength: 8 }),
        )
        .map(([path, pairs]) => `${path}?${new URLSearchParams(pairs).toString()}`),
    );
    fc.assert(
      fc.property(cookie, fc.constantFrom(client, memberClient, escort), (raw, searcher) => {
        const value = parseSavedSearch(raw, searcher);
        if (value === null) return true;
        return (
          parseSavedSearch(value, searcher) === value &&
          /^(escorts|clients)(\/[a-z0-9-]+)?(\?|$)/.test(value) &&
          value.length <= USER_FILTERS_MAX_LENGTH
        );
      }),
      { numRuns: 400 },
    );
  });
});

describe("savedSearchFromUrl", () => {
  it("recognizes listing paths and member homes with a preset, nothing else", () => {
    const at = (path: string, searcher: Searcher) => savedSearchFromUrl(new URL(`http://site.test${path}`), searcher);
    expect(at("/de/escorts?city=Köln", client)).toBe("escorts?city=K%C3%B6ln");
    expect(at("/de/escorts/auf-tour", client)).toBe("escorts/auf-tour");
    expect(at("/en/homepage-pop/verifiziert?radius=20", escort)).toBe("clients/verifiziert?radius=20");
    expect(at("/de/homepage", client)).toBeNull();
    expect(at("/de/nearby?city=Köln", client)).toBeNull();
    expect(at("/de/p/demo_escort", client)).toBeNull();
    expect(at("/de/escorts/neu/extra", client)).toBeNull();
  });
});

describe("the cookie", () => {
  it("is set HttpOnly, SameSite=Lax, for 30 days, and only when it changes", () => {
    const cookie = userFiltersSetCookie(request("/de/escorts?radius=50&gender=2"), client);
    expect(cookie).toBe(
      `user_filters=${encodeURIComponent("escorts?radius=50&gender=2")}; Path=/; SameSite=Lax; Max-Age=${USER_FILTERS_MAX_AGE_S}; HttpOnly`,
    );
    expect(USER_FILTERS_MAX_AGE_S).toBe(30 * 24 * 60 * 60);
    expect(
      userFiltersSetCookie(
        request("/de/escorts?radius=50&gender=2", `user_filters=${encodeURIComponent("escorts?radius=50&gender=2")}`),
        client,
      ),
    ).toBeNull();
  });

  it("is never set for guests or on other pages", () => {
    expect(userFiltersSetCookie(request("/de/escorts?radius=50"), GUEST_SEARCHER)).toBeNull();
    expect(userFiltersSetCookie(request("/de/about"), client)).toBeNull();
  });

  it("rebuilds the header's search link: this page's search, else the cookie, else the own listing", () => {
    const saved = `user_filters=${encodeURIComponent("escorts/neu?city=Hamburg")}`;
    expect(searchHomePath(request("/de/about", saved), client)).toBe("escorts/neu?city=Hamburg");
    expect(searchHomePath(request("/de/escorts?radius=20", saved), client)).toBe("escorts?radius=20");
    expect(searchHomePath(request("/de/about", "user_filters=%E0%A4%A"), client)).toBe("escorts");
    expect(searchHomePath(request("/de/about"), escort)).toBe("clients");
    expect(searchHomePath(request("/de/about", saved), GUEST_SEARCHER)).toBeNull();
    // Escorts may search escorts too; businesses have no saved search.
    expect(readSavedSearch(request("/de/about", saved), escort)).toBe("escorts/neu?city=Hamburg");
    expect(readSavedSearch(request("/de/about", saved), business)).toBeNull();
  });

  it("answers the loader and the layout of one request alike, each searcher for itself (worked out once, ADR 177)", () => {
    const saved = `user_filters=${encodeURIComponent("escorts/neu?city=Hamburg")}`;
    const page = request("/de/escorts?radius=300", saved);
    // As a page asks: the search loader's Set-Cookie, then the layout's link, on the same Request.
    expect(userFiltersSetCookie(page, client)).toContain(encodeURIComponent("escorts?radius=100"));
    expect(searchHomePath(page, client)).toBe("escorts?radius=100");
    // Another searcher on the same Request gets its own answers, not the first one's.
    expect(searchHomePath(page, memberClient)).toBe("escorts?radius=300&sort=top_ranking_distance_ring");
    expect(userFiltersSetCookie(page, memberClient)).toContain(encodeURIComponent("escorts?radius=300&sort=top_ranking_distance_ring"));
    expect(searchHomePath(page, client)).toBe("escorts?radius=100");
    expect(searchHomePath(page, GUEST_SEARCHER)).toBeNull();
    // The same answers as a fresh Request's each time.
    for (const searcher of [client, memberClient, escort])
      expect(searchHomePath(page, searcher)).toBe(searchHomePath(request("/de/escorts?radius=300", saved), searcher));
  });
});
