/**
 * The SEO group on a real database: directory listings (category filters,
 * places, paging, 404s, who is listed), landing pages and sitemap data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEO_PAGE_SIZE } from "#server/contract/seo";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { clearDirectoryCache } from "#server/modules/seo/service";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Body<T> {
  code: number;
  data: T;
  meta?: { parts: number };
  errors?: Array<{ key: string }>;
}
interface Directory {
  level: string;
  total: number;
  pages: number;
  page: number;
  places: Array<{ slug: string; path: string; profiles: number; teaser: Array<{ username: string }> }>;
  profiles: Array<{ username: string }>;
  city: { name: string } | null;
}

describe(`SEO API (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const names: Record<string, string> = {};

  async function person(
    key: string,
    options: {
      userType?: number;
      gender?: number;
      city?: "berlin" | "hamburg";
      membersOnly?: boolean;
      visible?: boolean;
      traits?: Array<[string, number]>;
    } = {},
  ) {
    const user = await createUser(rt, { userType: options.userType ?? USER_TYPE.escort });
    await rt.deps.db
      .updateTable("users")
      .set({ gender: options.gender ?? GENDER.female })
      .where("id", "=", user.id)
      .execute();
    const hamburg = options.city === "hamburg";
    await rt.deps.db
      .insertInto("profiles")
      .values({
        user_id: user.id,
        display_name: key,
        city_name: hamburg ? "Hamburg" : "Berlin",
        city_slug: hamburg ? "hamburg" : "berlin",
        // GeoNames ids of the geo tables: city pages list profiles by city_id.
        city_id: hamburg ? 2911298 : 2950159,
        country_code: "DE",
        region_code: hamburg ? "04" : "16",
        lat: hamburg ? 53.55 : 52.52,
        lon: hamburg ? 9.99 : 13.4,
        status_text: null,
        description: null,
        is_visible: options.visible === false ? 0 : 1,
        members_only: options.membersOnly ? 1 : 0,
        updated_at: rt.clock.now(),
      })
      .execute();
    for (const [group, option] of options.traits ?? [])
      await rt.deps.db.insertInto("profile_traits").values({ user_id: user.id, group_key: group, option_id: option }).execute();
    names[key] = user.username;
    return user;
  }

  async function directory(query: string, token?: string) {
    clearDirectoryCache(rt.deps.db);
    const response = await rt.request(`/api/v2/seo/directory?${query}`, { token });
    return { status: response.status, body: (await response.json()) as Body<Directory> };
  }

  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
    for (let i = 0; i < 14; i++) await person(`berlin_lady_${i}`);
    await person("hamburg_male", { gender: GENDER.male, city: "hamburg" });
    await person("hamburg_domina", { city: "hamburg", traits: [["escort_role", 7]] });
    await person("hidden", { visible: false });
    await person("secret", { membersOnly: true });
    await person("client", { userType: USER_TYPE.client, gender: GENDER.male });
    const club = await person("club", { userType: USER_TYPE.business, city: "hamburg" });
    await rt.deps.db.updateTable("users").set({ business_kind: "club" }).where("id", "=", club.id).execute();
  });

  afterAll(() => rt.close());

  it("lists a city page by page, 12 per page, guest-visible providers only", async () => {
    const first = await directory("category=ladies&country=deutschland&region=berlin&city=berlin");
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ level: "city", total: 14, pages: 2, page: 1, city: { name: "Berlin" } });
    expect(first.body.data.profiles).toHaveLength(SEO_PAGE_SIZE);
    const second = await directory("category=ladies&country=deutschland&region=berlin&city=berlin&page=2");
    expect(second.body.data.profiles).toHaveLength(2);
    const all = [...first.body.data.profiles, ...second.body.data.profiles].map((p) => p.username);
    expect(new Set(all).size).toBe(14);
    for (const hidden of ["hidden", "secret", "client"]) expect(all).not.toContain(names[hidden]);
    expect((await directory("category=ladies&country=deutschland&region=berlin&city=berlin&page=3")).status).toBe(404);
  });

  it("lists the same profiles in the same order through POST /search/seo (one listing)", async () => {
    for (const page of [1, 2]) {
      const directoryPage = await directory(`category=ladies&country=deutschland&region=berlin&city=berlin&page=${page}`);
      const response = await rt.request("/api/v2/search/seo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ category: "ladies", country: "deutschland", region: "berlin", city: "berlin", page_no: page }),
      });
      const search = (await response.json()) as { data: Array<{ username: string }>; meta: { total: number } };
      expect(response.status).toBe(200);
      expect(search.meta.total).toBe(directoryPage.body.data.total);
      expect(search.data.map((h) => h.username)).toEqual(directoryPage.body.data.profiles.map((p) => p.username));
    }
  });

  it("links the next level down with counts and teasers", async () => {
    const country = await directory("category=sex-and-erotic&country=deutschland");
    expect(country.body.data.places.map((p) => [p.slug, p.profiles])).toEqual([
      ["berlin", 14],
      ["hamburg", 3],
    ]);
    const region = await directory("category=sex-and-erotic&country=deutschland&region=hamburg");
    expect(region.body.data.places).toHaveLength(1);
    expect(region.body.data.places[0]).toMatchObject({ path: "sex-and-erotic/deutschland/hamburg/hamburg", profiles: 3 });
    expect(region.body.data.places[0]?.teaser).toHaveLength(3);
    const category = await directory("category=escort");
    expect(category.body.data.places.map((p) => p.path)).toEqual(["escort/deutschland"]);
  });

  it("applies each category's filter", async () => {
    const male = await directory("category=male-escort");
    expect(male.body.data.profiles.map((p) => p.username)).toEqual([names.hamburg_male]);
    const domina = await directory("category=domina-bdsm");
    expect(domina.body.data.profiles.map((p) => p.username)).toEqual([names.hamburg_domina]);
    const clubs = await directory("category=bordell-club");
    expect(clubs.body.data.profiles.map((p) => p.username)).toEqual([names.club]);
    // Clubs only, as on /agenturen-clubs/clubs (ADR 069): as an agency the same business is no "Bordell/Club".
    const kind = (business_kind: string) =>
      rt.deps.db.updateTable("users").set({ business_kind }).where("username", "=", names.club!).execute();
    await kind("agency");
    expect((await directory("category=bordell-club")).status).toBe(404);
    expect((await directory("category=sex-and-erotic")).body.data.profiles.map((p) => p.username)).toContain(names.club);
    await kind("club");
  });

  it("answers 404 for empty categories, unknown places and bad input", async () => {
    expect((await directory("category=gangbang-bukkake")).status).toBe(404);
    expect((await directory("category=escort&country=atlantis")).status).toBe(404);
    expect((await directory("category=escort&country=deutschland&region=wien")).status).toBe(404);
    expect((await directory("category=escort&country=deutschland&region=berlin&city=potsdam")).status).toBe(404);
    expect((await directory("category=escorts")).status).toBe(400);
    expect((await directory("category=escort&page=0")).status).toBe(400);
  });

  it("hides blocked profiles from a signed-in viewer", async () => {
    const viewer = await createUser(rt, { userType: USER_TYPE.client });
    const token = String((await login(rt, viewer.username, viewer.password)).body.access_token);
    const blocked = await rt.deps.db.selectFrom("users").select("id").where("username", "=", names.hamburg_male!).executeTakeFirstOrThrow();
    await rt.deps.db.insertInto("blocks").values({ blocker_id: blocked.id, blocked_id: viewer.id, created_at: rt.clock.now() }).execute();
    expect((await directory("category=male-escort", token)).status).toBe(404);
    expect((await directory("category=male-escort")).status).toBe(200);
  });

  it("answers landing pages from url_detail, and an array for unknown short URLs", async () => {
    const found = await rt.request("/api/v2/registration/seo-landing-page", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ short_url: "escort-berlin" }),
    });
    const body = (await found.json()) as Body<{
      url_detail: Array<{ name: string; value: string }>;
      place: { region_slug: string } | null;
    }>;
    expect(body.data.url_detail).toContainEqual({ name: "user_type", value: "escort", active: true });
    expect(body.data.place).toMatchObject({ region_slug: "berlin", city_slug: "berlin" });
    const missing = await rt.request("/api/v2/registration/seo-landing-page", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ short_url: "nothing-here" }),
    });
    expect(((await missing.json()) as Body<unknown>).data).toEqual([]);
    const invalid = await rt.request("/api/v2/registration/seo-landing-page", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(invalid.status).toBe(400);
  });

  it("gives sitemap data: directory paths and guest-visible profiles only", async () => {
    const dir = (await (await rt.request("/api/v2/seo/sitemap/directory")).json()) as Body<Array<{ path: string }>>;
    const paths = dir.data.map((e) => e.path);
    expect(paths).toContain("ladies/deutschland/berlin/berlin");
    expect(paths).toContain("domina-bdsm/deutschland/hamburg");
    expect(paths).not.toContain("gangbang-bukkake");
    const profiles = (await (await rt.request("/api/v2/seo/sitemaps/profiles")).json()) as Body<Array<{ path: string }>>;
    expect(profiles.meta?.parts).toBe(1);
    const listed = profiles.data.map((e) => e.path);
    expect(listed).toContain(`p/${names.berlin_lady_0}`);
    expect(listed).not.toContain(`p/${names.secret}`);
    expect(listed).not.toContain(`p/${names.hidden}`);
    expect((await rt.request("/api/v2/seo/sitemaps/profiles?part=2")).status).toBe(404);
    const guide = (await (await rt.request("/api/v2/seo/locations")).json()) as Body<
      Array<{ country_slug: string; regions: Array<{ slug: string }> }>
    >;
    expect(guide.data[0]?.regions.map((r) => r.slug)).toEqual(["berlin", "hamburg"]);
  });
});
