/**
 * The directory's spot level (issue 32 item 9, ADR 136): a city links its spots, a spot lists the profiles within
 * its radius, a known spot without profiles is an empty page, an unknown spot (or one of another city) is a 404,
 * and the sitemap lists the spots that have profiles.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryBreadcrumbs, directoryPath } from "#server/contract/seo";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { clearDirectoryCache } from "#server/modules/seo/service";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Body<T> {
  code: number;
  data: T;
  errors?: Array<{ key: string }>;
}
interface Spot {
  slug: string;
  name: string;
  path: string;
  radius_km: number;
}
interface Directory {
  level: string;
  total: number;
  pages: number;
  spot: Spot | null;
  spots: Spot[];
  places: unknown[];
  profiles: Array<{ username: string }>;
}

const BERLIN = { city_id: 2950159, city_name: "Berlin", city_slug: "berlin", region_code: "16" };

describe(`SEO directory spots (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const names: Record<string, string> = {};

  /** An escort living at a point of Berlin. */
  async function escortAt(key: string, lat: number, lon: number) {
    const user = await createUser(rt, { userType: USER_TYPE.escort });
    await rt.deps.db.updateTable("users").set({ gender: GENDER.female }).where("id", "=", user.id).execute();
    await rt.deps.db
      .insertInto("profiles")
      .values({
        user_id: user.id,
        display_name: key,
        ...BERLIN,
        country_code: "DE",
        lat,
        lon,
        status_text: null,
        description: null,
        is_visible: 1,
        members_only: 0,
        updated_at: rt.clock.now(),
      })
      .execute();
    names[key] = user.username;
  }

  async function directory(query: string) {
    clearDirectoryCache(rt.deps.db);
    const response = await rt.request(`/api/v2/seo/directory?${query}`);
    return { status: response.status, body: (await response.json()) as Body<Directory> };
  }

  const berlinCity = "category=ladies&country=deutschland&region=berlin&city=berlin";

  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
    // Kreuzberg's centre (52.4986, 13.403) and Alexanderplatz (2.6 km from it); Charlottenburg is 6.5 km away.
    await escortAt("kreuzberg", 52.4986, 13.403);
    await escortAt("alex", 52.5219, 13.4132);
  });

  afterAll(() => rt.close());

  it("links a city's spots, each under the city's address", async () => {
    const city = await directory(berlinCity);
    expect(city.status).toBe(200);
    expect(city.body.data.level).toBe("city");
    const slugs = city.body.data.spots.map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(["mitte", "kreuzberg", "charlottenburg", "prenzlauer-berg"]));
    expect(city.body.data.spots.find((s) => s.slug === "kreuzberg")?.path).toBe("ladies/deutschland/berlin/berlin/kreuzberg");
  });

  it("lists the profiles within a spot's radius, nearest-ranked like a radius search", async () => {
    const spot = await directory(`${berlinCity}&spot=kreuzberg`);
    expect(spot.status).toBe(200);
    expect(spot.body.data).toMatchObject({ level: "spot", total: 2, spot: { slug: "kreuzberg", name: "Kreuzberg", radius_km: 5 } });
    expect(spot.body.data.profiles.map((p) => p.username).sort()).toEqual([names.kreuzberg, names.alex].sort());
    expect(spot.body.data.spots).toEqual([]);
    expect(spot.body.data.places).toEqual([]);
  });

  it("shows a known spot without profiles as an empty page, and 404s only an unknown one", async () => {
    const empty = await directory(`${berlinCity}&spot=charlottenburg`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ level: "spot", total: 0, profiles: [] });
    // Past the first page an empty spot has nothing: 404 as every page past the last.
    expect((await directory(`${berlinCity}&spot=charlottenburg&page=2`)).status).toBe(404);
    const unknown = await directory(`${berlinCity}&spot=atlantis`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]?.key).toBe("exception.seo.directory_not_found");
    // Hamburg's St. Pauli is not a spot of Berlin; a spot needs a city.
    expect((await directory(`${berlinCity}&spot=st-pauli`)).status).toBe(404);
    expect((await directory("category=ladies&country=deutschland&region=berlin&spot=mitte")).status).toBe(404);
  });

  it("refuses malformed spot slugs with a 400, never a 5xx", async () => {
    for (const bad of ["Kreuz%20berg", "..%2F..", "a".repeat(81), "%00", "-x"]) {
      const response = await directory(`${berlinCity}&spot=${bad}`);
      expect(response.status, bad).toBe(400);
    }
  });

  it("lists the spots with profiles in the sitemap, not the empty ones", async () => {
    const dir = (await (await rt.request("/api/v2/seo/sitemap/directory")).json()) as Body<Array<{ path: string }>>;
    const paths = dir.data.map((e) => e.path);
    expect(paths).toContain("ladies/deutschland/berlin/berlin/kreuzberg");
    expect(paths).toContain("ladies/deutschland/berlin/berlin/mitte");
    expect(paths).not.toContain("ladies/deutschland/berlin/berlin/charlottenburg");
    expect(paths).not.toContain("bordell-club/deutschland/berlin/berlin/kreuzberg");
  });

  it("builds spot paths and breadcrumbs below the city", () => {
    const address = { category: "escort" as const, country: "deutschland", region: "berlin", city: "berlin", spot: "mitte" };
    expect(directoryPath(address, 2)).toBe("escort/deutschland/berlin/berlin/mitte?page=2");
    const crumbs = directoryBreadcrumbs(address, { countryCode: "DE", regionName: "Berlin", cityName: "Berlin", spotName: "Mitte" });
    expect(crumbs.map((c) => c.path)).toEqual([
      "",
      "escort",
      "escort/deutschland",
      "escort/deutschland/berlin",
      "escort/deutschland/berlin/berlin",
      "escort/deutschland/berlin/berlin/mitte",
    ]);
    expect(crumbs.at(-1)).toMatchObject({ label: "Mitte", translate: false });
  });
});
