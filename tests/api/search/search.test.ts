import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaImage } from "#server/contract/media";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { ensureGeoData } from "#server/db/geo/load";
import { createTestRuntime, login, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, block, createProfile, northOf } from "../../helpers/search-fixtures";

let rt: TestRuntime;

interface Hit {
  user_id: number;
  username: string;
  distance_km: number | null;
  age: number | null;
  price: { price_eur: number } | null;
  avatar: MediaImage | null;
}
interface Meta {
  total: number;
  page_no: number;
  page_size: number;
  sort: string;
  location: { lat: number; lon: number; radius: number } | null;
  facets: Record<string, Array<{ key: string; count: number }>>;
}

async function search(body: unknown, token?: string): Promise<{ status: number; data: Hit[]; meta: Meta; raw: Record<string, unknown> }> {
  const res = await rt.request("/api/v2/search/user-and-business", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    ...(token ? { token } : {}),
  });
  const raw = (await res.json()) as Record<string, unknown>;
  return { status: res.status, data: raw.data as Hit[], meta: raw.meta as Meta, raw };
}

async function tokenOf(user: { username: string; password: string }): Promise<string> {
  const res = await login(rt, user.username, user.password);
  return res.body.access_token as string;
}

beforeAll(async () => {
  rt = await createTestRuntime({ geoData: true });
}, 60_000);
afterAll(async () => rt?.close());

describe("city autocomplete", () => {
  it("finds cities by slug or folded-name prefix, biggest first", async () => {
    const get = async (q: string) => {
      const res = await rt.request(`/api/v2/search/city?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Array<{ name: string; key: string; region_name: string }> }).data;
    };
    const ber = await get("Ber");
    expect(ber[0]).toMatchObject({ name: "Berlin", key: "de-berlin", region_name: "Berlin" });
    for (const q of ["muen", "mün", "Mun"]) expect((await get(q))[0]?.name, q).toBe("München");
    expect((await get("wien"))[0]?.key).toBe("at-wien");
    // A key (the search URL's city value) is that exact city, not a prefix.
    expect(await get("de-muenchen")).toEqual([expect.objectContaining({ name: "München", key: "de-muenchen" })]);
    expect(await get("zzzzqx")).toEqual([]);
    expect(await get("")).toEqual([]);
  });

  it("loads the geo data once (idempotent)", async () => {
    expect(await ensureGeoData(rt.deps.db)).toBe(0);
  });

  it("autocompletes cities and usernames together", async () => {
    const user = await createProfile(rt, { displayName: "Zora" });
    const res = await rt.request(`/api/v2/search/autocomplete?q=${user.username.slice(0, 8)}`);
    const body = (await res.json()) as { data: { cities: unknown[]; users: Array<{ username: string }> } };
    expect(body.data.users.map((u) => u.username)).toContain(user.username);
  });
});

describe("user-and-business search", () => {
  it("lists only visible, active, completed profiles of the target type", async () => {
    const spot = northOf(BERLIN, 200); // an area of its own
    const visible = await createProfile(rt, { point: spot });
    const hidden = await createProfile(rt, { point: spot, isVisible: false });
    const paused = await createProfile(rt, { point: spot, status: "paused" });
    const unfinished = await createProfile(rt, { point: spot, registerStep: 3 });
    const client = await createProfile(rt, { point: spot, userType: USER_TYPE.client });
    const { status, data, meta } = await search({ filterquery: { location: { ...spot, radius: 5 } } });
    expect(status).toBe(200);
    const ids = data.map((h) => h.user_id);
    expect(ids).toContain(visible.id);
    for (const gone of [hidden, paused, unfinished, client]) expect(ids).not.toContain(gone.id);
    expect(meta.total).toBe(1);
  });

  it("filters businesses by kind for the business search's categories (ADR 069)", async () => {
    const spot = northOf(BERLIN, 260); // an area of its own
    const agency = await createProfile(rt, { point: spot, userType: USER_TYPE.business });
    const club = await createProfile(rt, { point: spot, userType: USER_TYPE.business });
    const escort = await createProfile(rt, { point: spot });
    await rt.deps.db.updateTable("users").set({ business_kind: "agency" }).where("id", "=", agency.id).execute();
    await rt.deps.db.updateTable("users").set({ business_kind: "club" }).where("id", "=", club.id).execute();
    const ids = async (filter: Record<string, unknown>) => {
      const result = await search({
        searchMode: "business",
        filterquery: { user_type: "business", location: { ...spot, radius: 5 }, ...filter },
      });
      expect(result.status).toBe(200);
      return result.data.map((h) => h.user_id).sort();
    };
    expect(await ids({})).toEqual([agency.id, club.id].sort());
    expect(await ids({ business_kind: "agency" })).toEqual([agency.id]);
    expect(await ids({ business_kind: "club" })).toEqual([club.id]);
    expect(escort.id).not.toBe(agency.id);
    // An unknown kind is bad input, never a 5xx.
    expect(
      (await search({ searchMode: "business", filterquery: { location: { ...spot, radius: 5 }, business_kind: "sauna" } })).status,
    ).toBe(400);
  });

  it("hides block relations in both directions, for the logged-in viewer only", async () => {
    const spot = northOf(BERLIN, 300);
    const viewer = await createProfile(rt, { point: spot, userType: USER_TYPE.client, gender: GENDER.male });
    const blockedByViewer = await createProfile(rt, { point: spot });
    const blockerOfViewer = await createProfile(rt, { point: spot });
    const other = await createProfile(rt, { point: spot });
    await block(rt, viewer.id, blockedByViewer.id);
    await block(rt, blockerOfViewer.id, viewer.id);
    const token = await tokenOf(viewer);
    const body = { filterquery: { location: { ...spot, radius: 5 } } };
    const asViewer = (await search(body, token)).data.map((h) => h.user_id);
    expect(asViewer).toEqual([other.id]);
    const asGuest = (await search(body)).data.map((h) => h.user_id).sort();
    expect(asGuest).toEqual([blockedByViewer.id, blockerOfViewer.id, other.id].sort());
  });

  it("keeps the radius exact and clamps it for non-members", async () => {
    const spot = northOf(BERLIN, 400);
    const at8 = await createProfile(rt, { point: northOf(spot, 8) });
    const at15 = await createProfile(rt, { point: northOf(spot, 15) });
    const at130 = await createProfile(rt, { point: northOf(spot, 130) });
    const ten = await search({ filterquery: { location: { ...spot, radius: 10 } }, sort: "distance" });
    expect(ten.data.map((h) => h.user_id)).toEqual([at8.id]);
    expect(ten.data[0]?.distance_km).toBeCloseTo(8, 0);
    // 300 km is members-only: a guest gets the default 100.
    const guest = await search({ filterquery: { location: { ...spot, radius: 300 } } });
    expect(guest.meta.location?.radius).toBe(100);
    expect(guest.data.map((h) => h.user_id)).toEqual(expect.arrayContaining([at8.id, at15.id]));
    expect(guest.data.map((h) => h.user_id)).not.toContain(at130.id);
    const member = await createProfile(rt, { point: spot, userType: USER_TYPE.client, isMember: true, gender: GENDER.male });
    const wide = await search({ filterquery: { location: { ...spot, radius: 300 } } }, await tokenOf(member));
    expect(wide.meta.location?.radius).toBe(300);
    expect(wide.data.map((h) => h.user_id)).toContain(at130.id);
    // Member clients default to the distance-ring ranking.
    expect(wide.meta.sort).toBe("top_ranking_distance_ring");
  });

  it("refuses a search without a usable location and drops zero coordinates", async () => {
    const none = await search({ filterquery: {} });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.raw)).toContain("validation.search.location_required");
    const zero = await search({ filterquery: { location: { lat: 0, lon: 0, radius: 10 } } });
    expect(zero.status).toBe(400);
    const country = await search({ filterquery: { location: { lat: 0, lon: 0, radius: 0 }, country: ["de"] } });
    expect(country.status).toBe(200);
    expect(country.meta.location).toBeNull();
  });

  it("filters age, price, weight and gender ranges and counts facets", async () => {
    const spot = northOf(BERLIN, 500);
    const young = await createProfile(rt, {
      point: spot,
      age: 22,
      price: 120,
      weightKg: 55,
      traits: [
        ["figure_type", 2],
        ["cup_size", 3],
      ],
    });
    const mid = await createProfile(rt, {
      point: spot,
      age: 30,
      price: 180,
      weightKg: 65,
      traits: [
        ["figure_type", 3],
        ["cup_size", 4],
      ],
    });
    const older = await createProfile(rt, {
      point: spot,
      age: 50,
      price: 250,
      weightKg: 75,
      traits: [
        ["figure_type", 2],
        ["cup_size", 11],
      ],
    });
    const male = await createProfile(rt, { point: spot, age: 40, gender: GENDER.male });
    const loc = { location: { ...spot, radius: 5 } };
    const ids = async (filter: Record<string, unknown>) =>
      (await search({ filterquery: { ...loc, ...filter } })).data.map((h) => h.user_id).sort();
    expect(await ids({ age: [18, 25] })).toEqual([young.id]);
    expect(await ids({ age: [46, "*"] })).toEqual([older.id]);
    expect(await ids({ price: [100, 150] })).toEqual([young.id]);
    expect(await ids({ price: [200, "*"] })).toEqual([older.id]);
    expect(await ids({ weight: [60, 80] })).toEqual([mid.id, older.id].sort());
    expect(await ids({ gender: [GENDER.male] })).toEqual([male.id]);
    expect(await ids({ figure_type: [2] })).toEqual([young.id, older.id].sort());
    // Empty ranges are dropped, not "match nothing".
    expect(await ids({ age: ["*", "*"] })).toHaveLength(4);

    const { meta } = await search({ filterquery: loc, facets: { term: ["gender", "figure_type", "cup_size"], range: ["age", "price"] } });
    expect(meta.total).toBe(4);
    expect(meta.facets.gender).toEqual([
      { key: String(GENDER.female), count: 3 },
      { key: String(GENDER.male), count: 1 },
    ]);
    const count = (facet: string, key: string) => meta.facets[facet]?.find((b) => b.key === key)?.count;
    expect(count("age", "18-25")).toBe(1);
    expect(count("age", "26-35")).toBe(1);
    expect(count("age", "36-45")).toBe(1);
    expect(count("age", "46+")).toBe(1);
    expect(count("price", "100-150")).toBe(1);
    expect(count("price", "150-200")).toBe(1);
    expect(count("price", "200+")).toBe(1);
    expect(count("price", "0-100")).toBe(0);
    expect(count("figure_type", "slim")).toBe(2);
    expect(count("cup_size", "c_d")).toBe(2);
    expect(count("cup_size", "k_plus")).toBe(1);

    // Disjunctive facets: a facet counts without its own filter, with every other filter applied.
    const women = await search({
      filterquery: { ...loc, gender: [GENDER.female], figure_type: [2] },
      facets: { term: ["gender", "figure_type"], range: ["age"] },
    });
    expect(women.meta.total).toBe(2);
    expect(women.data.map((h) => h.user_id).sort()).toEqual([young.id, older.id].sort());
    const womenCount = (facet: string, key: string) => women.meta.facets[facet]?.find((b) => b.key === key)?.count ?? 0;
    expect(womenCount("gender", String(GENDER.female))).toBe(2);
    expect(womenCount("gender", String(GENDER.male))).toBe(0); // the man has no figure_type 2
    expect(womenCount("figure_type", "slim")).toBe(2);
    expect(womenCount("figure_type", "athletic")).toBe(1); // mid: female, figure 3
    expect(womenCount("age", "26-35")).toBe(0); // age is counted with every filter
    const men = await search({ filterquery: { ...loc, gender: [GENDER.male] }, facets: { term: ["gender"] } });
    expect(men.meta.total).toBe(1);
    expect(men.meta.facets.gender).toEqual([
      { key: String(GENDER.female), count: 3 },
      { key: String(GENDER.male), count: 1 },
    ]);
  });

  it("sorts by price, distance and activity and pages by 24", async () => {
    const spot = northOf(BERLIN, 600);
    const created = [];
    for (let i = 0; i < 30; i++)
      created.push(await createProfile(rt, { point: northOf(spot, i * 0.1), price: 100 + i, lastLoginAt: rt.clock.now() - i * 60_000 }));
    const loc = { location: { ...spot, radius: 5 } };
    const first = await search({ filterquery: loc, sort: "price_low_to_high" });
    expect(first.data).toHaveLength(24);
    expect(first.meta).toMatchObject({ total: 30, page_no: 1, page_size: 24 });
    expect(first.data.map((h) => h.price?.price_eur)).toEqual(created.slice(0, 24).map((_, i) => 100 + i));
    const second = await search({ filterquery: loc, sort: "price_low_to_high", page_no: 2 });
    expect(second.data.map((h) => h.user_id)).toEqual(created.slice(24).map((u) => u.id));
    const high = await search({ filterquery: loc, sort: "price_high_to_low", page_size: 3 });
    expect(high.data.map((h) => h.price?.price_eur)).toEqual([129, 128, 127]);
    const byDistance = await search({ filterquery: loc, sort: "distance", page_size: 3 });
    expect(byDistance.data.map((h) => h.user_id)).toEqual(created.slice(0, 3).map((u) => u.id));
    const byLogin = await search({ filterquery: loc, sort: "last_login_at", page_size: 2 });
    expect(byLogin.data.map((h) => h.user_id)).toEqual(created.slice(0, 2).map((u) => u.id));
    const tooBig = await search({ filterquery: loc, page_size: 500 });
    expect(tooBig.status).toBe(400);
  });

  it("ranks members and rise-up promotion first under top_ranking", async () => {
    const spot = northOf(BERLIN, 700);
    const plain = await createProfile(rt, { point: spot });
    const promoted = await createProfile(rt, { point: spot });
    await rt.deps.db
      .updateTable("profiles")
      .set({ rise_up_until: rt.clock.now() + 3_600_000 })
      .where("user_id", "=", promoted.id)
      .execute();
    const member = await createProfile(rt, { point: spot, isMember: true });
    const { data } = await search({ filterquery: { location: { ...spot, radius: 5 } }, sort: "top_ranking" });
    expect(data.map((h) => h.user_id)).toEqual([promoted.id, member.id, plain.id]);
  });

  it("lifts favorites and visits within a tier, never above it (ADR 045)", async () => {
    const spot = northOf(BERLIN, 740);
    const login = rt.clock.now() - 3_600_000;
    const kept = await createProfile(rt, { point: spot, lastLoginAt: login });
    const other = await createProfile(rt, { point: spot, lastLoginAt: login });
    const ranked = async () =>
      (await search({ filterquery: { location: { ...spot, radius: 5 } }, sort: "top_ranking" })).data.map((h) => h.user_id);
    // A tie in score breaks by id, newest first.
    expect(await ranked()).toEqual([other.id, kept.id]);

    // A favorite through the real service moves the counter, the trigger the search row, the row the order.
    const client = await createProfile(rt, { userType: USER_TYPE.client, point: spot });
    const favorite = await rt.request(`/api/v2/favorites/${kept.username}`, { method: "POST", token: await tokenOf(client) });
    expect(favorite.status).toBe(200);
    expect(await ranked()).toEqual([kept.id, other.id]);

    // However many favorites and visits, verification (a higher tier) still comes first.
    await rt.deps.db.updateTable("profile_counters").set({ favorites: 100_000, visits: 100_000 }).where("user_id", "=", kept.id).execute();
    await rt.deps.db.updateTable("profiles").set({ verified_at: rt.clock.now() }).where("user_id", "=", other.id).execute();
    expect(await ranked()).toEqual([other.id, kept.id]);
  });

  it("shows avatars as images under a random key, with their variant widths", async () => {
    const spot = northOf(BERLIN, 800);
    const withAvatar = await createProfile(rt, { point: spot, avatar: true });
    const { data } = await search({ filterquery: { location: { ...spot, radius: 5 } } });
    expect(data.find((h) => h.user_id === withAvatar.id)?.avatar).toMatchObject({
      path: expect.stringMatching(/^\/media\/[0-9a-f]{32}$/),
      width: 600,
      height: 800,
      widths: [160, 320, 600],
    });
  });

  it("never answers 5xx for garbage", async () => {
    for (const body of ["[]", '{"filterquery":{"age":["x",1]}}', '{"sort":"nope"}', '{"filterquery":{"location":{"lat":"a"}}}', "{"]) {
      const res = await rt.request("/api/v2/search/user-and-business", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(res.status, body).toBe(400);
    }
  });
});

describe("filters, personalized, top-ranking, seo", () => {
  it("describes the form per searcher", async () => {
    const guest = await rt.request("/api/v2/search/filters", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const g = ((await guest.json()) as { data: Record<string, unknown> }).data;
    expect(g).toMatchObject({
      target: "escort",
      default_sort: "top_ranking",
      radius_options: [5, 10, 20, 30, 50, 100],
      default_gender: [],
    });
    const escort = await createProfile(rt, { point: northOf(BERLIN, 900), gender: GENDER.female });
    const res = await rt.request("/api/v2/search/filters", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      token: await tokenOf(escort),
    });
    const e = ((await res.json()) as { data: Record<string, unknown> }).data;
    expect(e).toMatchObject({ target: "client", default_gender: [GENDER.male], price_bands: [], price_durations: [] });
    expect(e.allowed_filters).not.toContain("cup_size");
  });

  it("personalized needs a login and searches around the user's own place, never showing themselves", async () => {
    const unauth = await rt.request("/api/v2/search/personalized", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(unauth.status).toBe(401);
    const spot = northOf(BERLIN, 1000);
    const me = await createProfile(rt, { point: spot, userType: USER_TYPE.client, gender: GENDER.male });
    const escort = await createProfile(rt, { point: spot });
    const blocked = await createProfile(rt, { point: spot });
    await block(rt, blocked.id, me.id);
    const res = await rt.request("/api/v2/search/personalized", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      token: await tokenOf(me),
    });
    const body = (await res.json()) as { data: Hit[]; meta: Meta };
    const ids = body.data.map((h) => h.user_id);
    expect(ids).toContain(escort.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(blocked.id);
    expect(body.meta.location).toMatchObject({ lat: spot.lat, radius: 100 });
  });

  it("lists a category in a city for the directory, 12 per page, guest-visible only", async () => {
    const hamburg = { lat: 53.55073, lon: 9.99302 };
    const open = [];
    for (let i = 0; i < 13; i++)
      open.push(await createProfile(rt, { point: hamburg, cityId: 2911298, citySlug: "hamburg", regionCode: "04" }));
    const membersOnly = await createProfile(rt, {
      point: hamburg,
      cityId: 2911298,
      citySlug: "hamburg",
      regionCode: "04",
      membersOnly: true,
    });
    const male = await createProfile(rt, { point: hamburg, cityId: 2911298, citySlug: "hamburg", regionCode: "04", gender: GENDER.male });
    const seo = async (body: Record<string, unknown>) => {
      const res = await rt.request("/api/v2/search/seo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: Hit[]; meta: Meta & { city: { name: string } } } };
    };
    const page1 = await seo({ category: "ladies", country: "deutschland", region: "hamburg", city: "hamburg" });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(12);
    expect(page1.body.meta.total).toBe(13);
    expect(page1.body.meta.city.name).toBe("Hamburg");
    const page2 = await seo({ category: "ladies", country: "DE", city: "hamburg", page_no: 2 });
    const all = [...page1.body.data, ...page2.body.data].map((h) => h.user_id);
    expect(all.sort()).toEqual(open.map((u) => u.id).sort());
    expect(all).not.toContain(membersOnly.id);
    expect(all).not.toContain(male.id);
    expect((await seo({ category: "male-escort", country: "deutschland", city: "hamburg" })).body.data.map((h) => h.user_id)).toEqual([
      male.id,
    ]);
    expect((await seo({ category: "escort", country: "deutschland", city: "atlantis" })).status).toBe(404);
    expect((await seo({ category: "escort", country: "deutschland", region: "bayern", city: "hamburg" })).status).toBe(404);
    expect((await seo({ category: "escort", page_no: 7 })).status).toBe(400);
  });
});

describe("white-label fallback filters (spec section 9)", () => {
  it("searches the global radius for an escort service and a spoken language", async () => {
    const farAway = { lat: 40.4168, lon: -3.7038 }; // Madrid
    const name = `wl${Date.now().toString(36)}`;
    const both = await createProfile(rt, {
      point: farAway,
      displayName: `${name}-both`,
      traits: [
        ["escort_service", 133],
        ["languages", 2],
      ],
    });
    await createProfile(rt, { point: farAway, displayName: `${name}-service`, traits: [["escort_service", 133]] });
    await createProfile(rt, { point: farAway, displayName: `${name}-language`, traits: [["languages", 2]] });
    const english = (await import("#server/contract/traits")).findTraitGroup("languages")?.options.find((o) => o.id === 2)?.key;
    expect(english).toBe("en");

    const body = (filter: Record<string, unknown>) => ({
      query: { name },
      filterquery: { location: { ...BERLIN, radius: 69420 }, ...filter },
    });
    const fallback = await search(body({ escort_service: [133], language: ["en"] }));
    expect(fallback.status).toBe(200);
    expect(fallback.data.map((h) => h.user_id)).toEqual([both.id]);
    // Without the filters the global radius finds all three, far outside any normal radius.
    expect((await search(body({}))).meta.total).toBe(3);
    // A language nobody has matches nobody (not everybody).
    expect((await search(body({ language: ["zz"] }))).meta.total).toBe(0);
  });
});

describe("the name prefix (spec: query.name)", () => {
  it("finds a display name whatever the case of its letters, umlauts and Polish letters too, and a username", async () => {
    const spot = northOf(BERLIN, 1250); // an area of its own
    const tag = Date.now().toString(36);
    const lucja = await createProfile(rt, { point: spot, displayName: `Łucja ${tag}` });
    const ozlem = await createProfile(rt, { point: spot, displayName: `Özlem ${tag}` });
    const annA = await createProfile(rt, { point: spot, displayName: `ANNA ${tag}` });
    const body = (name: string) => ({ query: { name }, filterquery: { location: { ...spot, radius: 5 } } });
    const found = async (name: string) => (await search(body(name))).data.map((hit) => hit.user_id).sort();
    for (const name of ["łucja", "ŁUCJA", "Łu"]) expect(await found(name), name).toEqual([lucja.id]);
    for (const name of ["öz", "ÖZLEM"]) expect(await found(name), name).toEqual([ozlem.id]);
    expect(await found("anna")).toEqual([annA.id]);
    // A prefix, not a substring; the other wildcard characters match only themselves.
    for (const name of ["ucja", "l", "*", "?zlem", "[ö]z", "%", "_nna"]) expect(await found(name), name).toEqual([]);
    expect(await found(lucja.username)).toEqual([lucja.id]);
  });
});

describe("members-only profiles and repeated facets", () => {
  it("keeps members-only profiles out of guests' results but not members'", async () => {
    const spot = northOf(BERLIN, 1100);
    const open = await createProfile(rt, { point: spot });
    const secret = await createProfile(rt, { point: spot, membersOnly: true });
    const member = await createProfile(rt, { userType: USER_TYPE.client, gender: GENDER.male, point: spot });
    const body = { filterquery: { user_type: "escort", location: { ...spot, radius: 5 } } };
    expect((await search(body)).data.map((h) => h.user_id)).toEqual([open.id]);
    const token = await tokenOf(member);
    expect((await search(body, token)).data.map((h) => h.user_id).sort()).toEqual([open.id, secret.id].sort());
  });

  it("counts a facet asked for twice once, still without its own filter", async () => {
    const spot = northOf(BERLIN, 1150);
    await createProfile(rt, { point: spot });
    await createProfile(rt, { point: spot, gender: GENDER.male });
    const { meta } = await search({
      filterquery: { location: { ...spot, radius: 5 }, gender: [GENDER.female] },
      facets: { term: ["gender", "gender"] },
    });
    expect(meta.total).toBe(1);
    expect(meta.facets.gender).toEqual([
      { key: String(GENDER.male), count: 1 },
      { key: String(GENDER.female), count: 1 },
    ]);
  });
});

describe("trait filters outside search_profiles", () => {
  it("filters breast type, hair colour and hair length by option ids", async () => {
    const spot = northOf(BERLIN, 800);
    const loc = { location: { ...spot, radius: 5 } };
    const a = await createProfile(rt, {
      point: spot,
      traits: [
        ["breast_type", 1],
        ["hair_color", 2],
        ["hair_length", 3],
      ],
    });
    const b = await createProfile(rt, {
      point: spot,
      traits: [
        ["breast_type", 2],
        ["hair_color", 2],
      ],
    });
    await createProfile(rt, { point: spot });
    const ids = async (filter: Record<string, unknown>) =>
      (await search({ filterquery: { ...loc, ...filter } })).data.map((h) => h.user_id).sort();
    expect(await ids({ breast_type: [1] })).toEqual([a.id]);
    expect(await ids({ hair_color: [2] })).toEqual([a.id, b.id].sort());
    expect(await ids({ hair_color: [2], hair_length: [3] })).toEqual([a.id]);
    expect(await ids({ hair_length: [1, 2] })).toEqual([]);
  });
});
