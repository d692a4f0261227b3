/**
 * The first-screen searches against msw: the home row and its white-label
 * worldwide fallback (spec section 9), popular-filter presets through
 * loadSearchInit, and nearby's fixed distance sort and fallback place.
 */
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { GLOBAL_RADIUS } from "#server/contract/search";
import { createApiClient } from "~/api/client.server";
import { globalFallbackRequest, loadHomeTiles, loadTopCities, popFilterQueryTarget } from "~/features/home/home-search.server";
import { loadSearchInit } from "~/features/search/search.server";
import { apiOk } from "../../msw/api";
import { API, server, SITE, listenWithMsw } from "../../msw/server";

listenWithMsw();

const hit = (id: number) => ({
  user_id: id,
  username: `u${id}`,
  display_name: `U${id}`,
  age: 30,
  city_name: "Berlin",
  distance_km: 1,
  price: null,
  avatar: null,
});
const BERLIN = { lat: 52.52437, lon: 13.41053 };

function useApi(topCount: number, wideIds: number[]) {
  const calls: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.post(`${API}/api/v2/search/top-ranking`, async ({ request }) => {
      calls.push({ path: "top-ranking", body: await request.json() });
      return apiOk(
        Array.from({ length: Math.min(topCount, 24) }, (_, i) => hit(i + 1)),
        { meta: { total: topCount } },
      );
    }),
    http.post(`${API}/api/v2/search/user-and-business`, async ({ request }) => {
      calls.push({ path: "user-and-business", body: await request.json() });
      return apiOk(wideIds.map(hit), { meta: { total: wideIds.length } });
    }),
    http.get(`${API}/api/v2/search/city`, ({ request }) =>
      new URL(request.url).searchParams.get("q") === "Hamburg"
        ? apiOk([{ key: "de-hamburg", name: "Hamburg", lat: 53.55, lon: 9.99 }])
        : apiOk([]),
    ),
    http.post(`${API}/api/v2/search/filters`, () => apiOk({ target: "escort" })),
  );
  return calls;
}

const api = () => createApiClient({ request: new Request(`${SITE}/de`), apiUrl: API });

describe("home row", () => {
  it("asks for one page of top-ranked escorts around the point; the default brand never widens", async () => {
    const calls = useApi(3, [50]);
    const result = await loadHomeTiles(api(), BERLIN, "default");
    expect(calls).toEqual([{ path: "top-ranking", body: { lat: BERLIN.lat, lon: BERLIN.lon, limit: 24 } }]);
    expect(result.tiles.map((t) => t.userId)).toEqual([1, 2, 3]);
    expect(result.worldwide).toBe(false);
  });

  it("white-label: fewer than 20 add the worldwide search (radius 69420, escort_service 133, language en), no profile twice", async () => {
    const calls = useApi(19, [5, 40, 41]);
    const result = await loadHomeTiles(api(), BERLIN, "white-label");
    expect(calls[1]).toEqual({
      path: "user-and-business",
      body: {
        page_no: 1,
        page_size: 24,
        searchMode: "user",
        filterquery: { user_type: "escort", location: { ...BERLIN, radius: GLOBAL_RADIUS }, escort_service: [133], language: ["en"] },
        sort: "top_ranking",
      },
    });
    expect(GLOBAL_RADIUS).toBe(69420);
    expect(result.tiles.map((t) => t.userId)).toEqual([...Array.from({ length: 19 }, (_, i) => i + 1), 40, 41]);
    expect(result.worldwide).toBe(true);
    expect(globalFallbackRequest(BERLIN)).toEqual(calls[1]!.body);
  });

  it("white-label: 20 or more stay local", async () => {
    const calls = useApi(20, [99]);
    const result = await loadHomeTiles(api(), BERLIN, "white-label");
    expect(calls.map((c) => c.path)).toEqual(["top-ranking"]);
    expect(result.tiles).toHaveLength(20);
  });

  it("links the biggest directory cities first", async () => {
    server.use(
      http.get(`${API}/api/v2/seo/locations`, () =>
        apiOk([
          {
            country_code: "DE",
            country_slug: "deutschland",
            profiles: 30,
            regions: [
              { slug: "berlin", name: "Berlin", profiles: 20, cities: [{ slug: "berlin", name: "Berlin", profiles: 20 }] },
              { slug: "hamburg", name: "Hamburg", profiles: 10, cities: [{ slug: "hamburg", name: "Hamburg", profiles: 25 }] },
            ],
          },
        ]),
      ),
    );
    const cities = await loadTopCities(api(), 8);
    expect(cities.map((c) => c.path)).toEqual(["sex-and-erotic/deutschland/hamburg/hamburg", "sex-and-erotic/deutschland/berlin/berlin"]);
  });
});

const page = (path: string) => new Request(`${SITE}${path}`);

describe("presets in loadSearchInit", () => {
  it("applies a path preset to the request only, not to the URL", async () => {
    const calls = useApi(0, [1]);
    const init = await loadSearchInit(page("/de/escorts/neu?gender=2"), undefined, {
      apiUrl: API,
      impliedUserType: "escort",
      pathPopFilters: "neu",
    });
    expect(init.popFilter?.slug).toBe("neu");
    expect(init.unknownPopFilter).toBe(false);
    expect(init.canonicalQuery).toBe("gender=2");
    expect(init.needsRedirect).toBe(false);
    expect(calls.find((c) => c.path === "user-and-business")?.body).toMatchObject({
      filterquery: { only_show_type: ["is_new"], gender: [2] },
    });
  });

  it("flags an unknown path preset (the page answers 404) and moves a query preset into the path", async () => {
    useApi(0, []);
    const unknown = await loadSearchInit(page("/de/escorts/quatsch"), undefined, {
      apiUrl: API,
      impliedUserType: "escort",
      pathPopFilters: "quatsch",
    });
    expect(unknown.unknownPopFilter).toBe(true);
    const moved = await loadSearchInit(page("/de/escorts?popFilters=hot&radius=50"), undefined, {
      apiUrl: API,
      impliedUserType: "escort",
      pathPopFilters: null,
    });
    expect(moved.popFiltersToPath).toBe("hot");
    expect(moved.canonicalQuery).toBe("radius=50");
  });

  it("nearby: distance sort never in the URL, unknown query presets dropped, fallback city searched", async () => {
    const calls = useApi(0, [1]);
    const init = await loadSearchInit(page("/de/nearby-pop?sort=rating&popFilters=nope"), undefined, {
      apiUrl: API,
      fixedSort: "distance",
      fallbackCity: "Hamburg",
    });
    expect(init.canonicalQuery).toBe("");
    expect(init.needsRedirect).toBe(true);
    expect(init.city?.name).toBe("Hamburg");
    expect(calls.find((c) => c.path === "user-and-business")?.body).toMatchObject({
      sort: "distance",
      filterquery: { location: { lat: 53.55, lon: 9.99, radius: 100 } },
    });
    const withPreset = await loadSearchInit(page("/de/nearby-pop?popFilters=verifiziert"), undefined, {
      apiUrl: API,
      fixedSort: "distance",
    });
    expect(withPreset.canonicalQuery).toBe("popFilters=verifiziert");
    expect(withPreset.popFilter?.key).toBe("verified");
  });
});

describe("popFilterQueryTarget", () => {
  it("moves a known preset into the path, drops an unknown one and keeps other parameters", () => {
    expect(popFilterQueryTarget(new URL("http://x/de/homepage?popFilters=verifiziert&page=2"), "escort")).toBe(
      "/de/homepage/verifiziert?page=2",
    );
    expect(popFilterQueryTarget(new URL("http://x/de/homepage-landing?popFilters=quatsch"), "escort")).toBe("/de/homepage-landing");
    // Escort-only presets are unknown for a client search.
    expect(popFilterQueryTarget(new URL("http://x/de/homepage?popFilters=neu"), "client")).toBe("/de/homepage");
    expect(popFilterQueryTarget(new URL("http://x/de/homepage?page=2"), "escort")).toBeNull();
  });
});
