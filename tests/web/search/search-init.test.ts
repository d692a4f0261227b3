/**
 * The first-screen search data of /node/search/search-init against msw:
 * the URL is parsed and normalized by the contract mapping, the city is
 * resolved, and the search request that goes to the API follows the rules.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { loadSearchInit } from "~/features/search/search.server";
import { apiOk } from "../../msw/api";
import { API, server, SITE, listenWithMsw } from "../../msw/server";

listenWithMsw();

function useApi() {
  const searches: unknown[] = [];
  const filterCalls: unknown[] = [];
  server.use(
    http.get(`${API}/api/v2/search/city`, ({ request }) =>
      new URL(request.url).searchParams.get("q") === "hamburg"
        ? apiOk([{ key: "de-hamburg", name: "Hamburg", lat: 53.55, lon: 9.99 }])
        : apiOk([]),
    ),
    http.post(`${API}/api/v2/search/filters`, async ({ request }) => {
      filterCalls.push(await request.json());
      return apiOk({ target: "escort", radius_options: [5, 10, 20, 30, 50, 100] });
    }),
    http.post(`${API}/api/v2/search/user-and-business`, async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json({ code: 200, data: [{ user_id: 1, display_name: "Lena" }], meta: { total: 1 } });
    }),
  );
  return { searches, filterCalls };
}

const post = (query: string) => new Request(`${SITE}/node/search/search-init${query}`, { method: "POST" });

describe("search-init", () => {
  it("searches around the resolved city with the URL's filters", async () => {
    const { searches, filterCalls } = useApi();
    const data = await loadSearchInit(post("?city=hamburg&radius=20&gender=2&age=18-25"), undefined, { apiUrl: API, withFilters: true });
    expect(data.city).toMatchObject({ key: "de-hamburg" });
    expect(searches).toEqual([
      expect.objectContaining({
        page_no: 1,
        page_size: 24,
        sort: "top_ranking",
        filterquery: expect.objectContaining({
          user_type: "escort",
          location: { lat: 53.55, lon: 9.99, radius: 20 },
          gender: [2],
          age: [18, 25],
        }),
      }),
    ]);
    expect(data.hits).toHaveLength(1);
    expect(data.filters).toMatchObject({ radius_options: [5, 10, 20, 30, 50, 100] });
    expect(filterCalls).toEqual([{ searchMode: "user" }]);
  });

  it("asks for the form's definition only when told to (the pages draw their form without it)", async () => {
    const { filterCalls } = useApi();
    const data = await loadSearchInit(post("?city=hamburg"), undefined, { apiUrl: API });
    expect(data.hits).toHaveLength(1);
    expect(data.filters).toBeNull();
    expect(filterCalls).toEqual([]);
  });

  it("resolves a city key (what the combobox sends) to exactly that city", async () => {
    const { searches } = useApi();
    const data = await loadSearchInit(post("?city=de-hamburg"), undefined, { apiUrl: API });
    expect(data.city).toMatchObject({ key: "de-hamburg", name: "Hamburg" });
    expect(searches[0]).toMatchObject({ filterquery: { location: { lat: 53.55, lon: 9.99, radius: 100 } } });
  });

  it("resets a guest's member radius and asks for the canonical URL", async () => {
    const { searches } = useApi();
    const data = await loadSearchInit(post("?radius=300"), undefined, { apiUrl: API });
    expect(data.canonicalQuery).toBe("radius=100");
    expect(data.needsRedirect).toBe(true);
    // Default location Berlin.
    expect(searches[0]).toMatchObject({ filterquery: { location: { lat: 52.52437, lon: 13.41053, radius: 100 } } });
  });

  it("uses country mode when only countries are given, and canonicalizes the URL", async () => {
    const { searches } = useApi();
    const data = await loadSearchInit(post("?country=de&gender=2"), undefined, { apiUrl: API });
    expect(searches[0]).toMatchObject({ filterquery: { country: ["DE"] } });
    expect(data.needsRedirect).toBe(true);
    expect(data.canonicalQuery).toBe("country=DE&gender=2");
  });
});
