import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENDER, REGISTER_COMPLETED_STEP, REGISTER_STEP, USER_TYPE } from "#server/contract/users";
import { cityBySlug } from "#server/modules/geo/cities";
import { PROFILE_POINT_MAX_OFFSET_KM } from "#server/modules/profiles/city";
import { acceptAllPending } from "../../helpers/moderation";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  code: number;
  errors: Array<{ key: string; source?: string; params?: Record<string, string | number> }>;
}

describe(`registration steps API (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // The city field resolves against the geo tables.
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  /** A signed-in user who finished `completedStep`. */
  async function person(userType: number, completedStep: number, gender: number = GENDER.female) {
    const user = await createUser(rt, { userType });
    await rt.deps.db.updateTable("users").set({ register_completed_step: completedStep, gender }).where("id", "=", user.id).execute();
    const { body } = await login(rt, user.username, user.password);
    return { ...user, token: String(body.access_token) };
  }

  async function put(token: string | undefined, path: string, body: unknown) {
    const response = await rt.request(`/api/v2/registration/${path}`, {
      method: "PUT",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      json: (await response.json()) as ErrorBody & { data: { register_completed_step: number; next_step: string } },
    };
  }

  async function stepOf(userId: number) {
    const row = await rt.deps.db.selectFrom("users").select("register_completed_step").where("id", "=", userId).executeTakeFirstOrThrow();
    return row.register_completed_step;
  }

  async function traitsOf(userId: number, group: string) {
    const rows = await rt.deps.db
      .selectFrom("profile_traits")
      .select("option_id")
      .where("user_id", "=", userId)
      .where("group_key", "=", group)
      .orderBy("option_id")
      .execute();
    return rows.map((r) => r.option_id);
  }

  const validProfile = {
    relationship_status: 1,
    race_type: 1,
    sexuality: 3,
    // Ethnicity and sexual orientation are stored only with this consent (ADR 023; member-privacy.test.ts).
    special_data_consent: true,
    city: "Hamburg",
    nationality: 44,
    languages: [1, 2],
    profession: "Tänzerin",
    status: "Hallo",
    description: "Über mich",
    interests: "Jazz",
  };

  it("saves the profile step, stores traits as rows and advances the step", async () => {
    const user = await person(USER_TYPE.escort, REGISTER_STEP.photo);
    const { status, json } = await put(user.token, "profile", validProfile);
    expect(status).toBe(200);
    expect(json.data).toEqual({ register_completed_step: REGISTER_STEP.profile, next_step: "appearance" });
    expect(await traitsOf(user.id, "sexuality")).toEqual([3]);
    expect(await traitsOf(user.id, "languages")).toEqual([1, 2]);
    const published = () => rt.deps.db.selectFrom("profiles").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    // The texts wait for a team member (ADR 030): public once accepted.
    expect(await published()).toMatchObject({ profession: null, status_text: null });
    expect(await acceptAllPending(rt, user.id)).toBeGreaterThanOrEqual(2);
    expect(await published()).toMatchObject({ profession: "Tänzerin", status_text: "Hallo" });
  });

  async function profileOf(userId: number) {
    return await rt.deps.db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
  }

  /** Great-circle distance in km (enough for "within 2 km of the centre"). */
  function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
    const rad = Math.PI / 180;
    const h =
      Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
      Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.sqrt(h));
  }

  describe("the city of the profile step", () => {
    it("stores the city the typed name resolves to, with a point near its centre, and shows it again", async () => {
      const hamburg = (await cityBySlug(rt.deps, "DE", "hamburg"))!;
      const user = await person(USER_TYPE.escort, REGISTER_STEP.photo);
      const { status } = await put(user.token, "profile", { ...validProfile, city: "Hamburg" });
      expect(status).toBe(200);
      const profile = await profileOf(user.id);
      expect(profile).toMatchObject({
        city_id: hamburg.id,
        city_slug: "hamburg",
        city_name: "Hamburg",
        region_code: hamburg.region_code,
        country_code: "DE",
      });
      const point = { lat: Number(profile.lat), lon: Number(profile.lon) };
      const offset = kmBetween(hamburg, point);
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(PROFILE_POINT_MAX_OFFSET_KM + 0.01);
      // Deterministic: saving again keeps the point; another user gets another one.
      await put(user.token, "profile", { ...validProfile, city: "hamburg" });
      expect(await profileOf(user.id)).toMatchObject(point);
      const other = await person(USER_TYPE.client, REGISTER_STEP.photo);
      await put(other.token, "profile", { ...validProfile, city: "Hamburg" });
      expect(await profileOf(other.id)).not.toMatchObject(point);
      // The step data prefill the field.
      const steps = (await (await rt.request("/api/v2/registration/steps", { token: user.token })).json()) as {
        data: { city: string; city_key: string };
      };
      expect(steps.data).toMatchObject({ city: "Hamburg", city_key: "de-hamburg" });
    });

    it("resolves keys, folded names and prefixes; a picked key counts only while the name still matches", async () => {
      const user = await person(USER_TYPE.escort, REGISTER_STEP.photo);
      const cityAfter = async (input: { city: string; city_key?: string }) => {
        expect((await put(user.token, "profile", { ...validProfile, ...input })).status).toBe(200);
        return (await profileOf(user.id)).city_slug;
      };
      expect(await cityAfter({ city: "de-berlin" })).toBe("berlin");
      expect(await cityAfter({ city: "München" })).toBe("muenchen");
      expect(await cityAfter({ city: "muenchen" })).toBe("muenchen");
      expect(await cityAfter({ city: "Frankf" })).toBe("frankfurt-am-main");
      expect(await cityAfter({ city: "Köln", city_key: "de-koeln" })).toBe("koeln");
      // Typed something else after picking: the typed name wins.
      expect(await cityAfter({ city: "Leipzig", city_key: "de-koeln" })).toBe("leipzig");
      // A malformed key is ignored, not an error.
      expect(await cityAfter({ city: "Dresden", city_key: "no key" })).toBe("dresden");
    });

    it("answers an unknown city with 400 at the field and saves nothing", async () => {
      const user = await person(USER_TYPE.escort, REGISTER_STEP.photo);
      const before = await profileOf(user.id).catch(() => null);
      const { status, json } = await put(user.token, "profile", { ...validProfile, city: "Qqqxyzhausen" });
      expect(status).toBe(400);
      expect(json.errors).toEqual([expect.objectContaining({ source: "city", key: "validation.city_unknown" })]);
      expect(await stepOf(user.id)).toBe(REGISTER_STEP.photo);
      expect(await traitsOf(user.id, "sexuality")).toEqual([]);
      expect(await profileOf(user.id).catch(() => null)).toEqual(before);
      // Two letters are not a city, even though some city starts with them.
      const short = await put(user.token, "profile", { ...validProfile, city: "Mü" });
      expect(short.status).toBe(400);
      expect(short.json.errors).toEqual([expect.objectContaining({ source: "city", key: "validation.city_unknown" })]);
      const blank = await put(user.token, "profile", { ...validProfile, city: "   " });
      expect(blank.json.errors).toEqual([expect.objectContaining({ source: "city", key: "validation.required" })]);
    });

    it("keeps another user's city: the city goes to the caller's own profile only", async () => {
      const alice = await person(USER_TYPE.escort, REGISTER_STEP.photo);
      const bob = await person(USER_TYPE.escort, REGISTER_STEP.photo);
      expect((await put(alice.token, "profile", { ...validProfile, city: "Hamburg" })).status).toBe(200);
      const forged = await put(bob.token, "profile", { ...validProfile, city: "Berlin", user_id: alice.id, userId: alice.id });
      expect(forged.status).toBe(200);
      expect((await profileOf(alice.id)).city_slug).toBe("hamburg");
      expect((await profileOf(bob.id)).city_slug).toBe("berlin");
    });

    it("makes an escort who finished registration findable within 10 km of the city", async () => {
      const user = await person(USER_TYPE.escort, REGISTER_STEP.photo);
      expect((await put(user.token, "profile", { ...validProfile, city: "Hamburg" })).status).toBe(200);
      expect((await put(user.token, "appearance", { height: 170 })).status).toBe(200);
      expect((await put(user.token, "services", { escort_service: [101] })).status).toBe(200);
      const done = await put(user.token, "availability", { schedule: [] });
      expect(done.json.data.next_step).toBe("completed");
      const hamburg = (await cityBySlug(rt.deps, "DE", "hamburg"))!;
      const ids: number[] = [];
      for (let page = 1; page <= 20; page++) {
        const res = await rt.request("/api/v2/search/user-and-business", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            filterquery: { user_type: "escort", location: { lat: hamburg.lat, lon: hamburg.lon, radius: 10 } },
            page_no: page,
          }),
        });
        expect(res.status).toBe(200);
        const hits = ((await res.json()) as { data: Array<{ user_id: number }> }).data;
        ids.push(...hits.map((h) => h.user_id));
        if (hits.length === 0 || ids.includes(user.id)) break;
      }
      expect(ids).toContain(user.id);
      // The SEO directory lists by city_id, which search_profiles carries too.
      const row = await rt.deps.db
        .selectFrom("search_profiles")
        .select(["city_id", "country_code", "region_code"])
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ city_id: hamburg.id, country_code: "DE", region_code: hamburg.region_code });
    });
  });

  it("requires relationship_status and the city (ethnicity and sexual orientation are optional), and refuses unknown option ids", async () => {
    const user = await person(USER_TYPE.client, REGISTER_STEP.photo);
    const missing = await put(user.token, "profile", { languages: [1] });
    expect(missing.status).toBe(400);
    expect(missing.json.errors.map((e) => [e.source, e.key]).sort()).toEqual([
      ["city", "validation.required"],
      ["relationship_status", "validation.required"],
    ]);
    const invalid = await put(user.token, "profile", { ...validProfile, sexuality: 999, languages: [1, 1], nationality: "de" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors.map((e) => e.source).sort()).toEqual(["languages", "nationality", "sexuality"]);
    expect(invalid.json.errors.every((e) => e.key === "validation.invalid")).toBe(true);
    expect(await stepOf(user.id)).toBe(REGISTER_STEP.photo);
  });

  it("limits the profile texts (profession 70, status 250, description 2500)", async () => {
    const user = await person(USER_TYPE.client, REGISTER_STEP.photo);
    const { status, json } = await put(user.token, "profile", {
      ...validProfile,
      profession: "x".repeat(71),
      status: "x".repeat(251),
      description: "x".repeat(2501),
    });
    expect(status).toBe(400);
    expect(json.errors.map((e) => [e.source, e.key, e.params?.max])).toEqual([
      ["profession", "validation.steps.too_long", "70"],
      ["status", "validation.steps.too_long", "250"],
      ["description", "validation.steps.too_long", "2500"],
    ]);
  });

  it("answers range errors with the bounds as params and the field as source", async () => {
    const user = await person(USER_TYPE.client, REGISTER_STEP.profile, GENDER.male);
    const { status, json } = await put(user.token, "appearance", { height: 144, weight: 201, penis_length: 41, penis_diameter: 0.5 });
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      expect.objectContaining({ source: "height", key: "validation.steps.range", params: { min: "145", max: "230" } }),
      expect.objectContaining({ source: "weight", key: "validation.steps.range", params: { min: "40", max: "200" } }),
      expect.objectContaining({ source: "penis_length", key: "validation.steps.range", params: { min: "5", max: "40" } }),
      expect.objectContaining({ source: "penis_diameter", key: "validation.steps.range", params: { min: "1", max: "15" } }),
    ]);
    // The bounds themselves are allowed.
    const edge = await put(user.token, "appearance", { height: 145, weight: 200, penis_length: 17.25, penis_diameter: 15 });
    expect(edge.status).toBe(200);
    // Penis fields take at most 5 characters.
    const long = await put(user.token, "appearance", { penis_length: 17.125 });
    expect(long.json.errors).toEqual([
      expect.objectContaining({ source: "penis_length", key: "validation.steps.too_long", params: { max: "5" } }),
    ]);
  });

  it("refuses penis fields for genders they do not apply to", async () => {
    const user = await person(USER_TYPE.escort, REGISTER_STEP.profile, GENDER.female);
    const { status, json } = await put(user.token, "appearance", { height: 170, penis_length: 15 });
    expect(status).toBe(400);
    expect(json.errors).toEqual([expect.objectContaining({ source: "penis_length", key: "validation.steps.not_applicable" })]);
    const fine = await put(user.token, "appearance", { height: 170, cup_size: 3, piercing: [1, 2], tattoo: 2 });
    expect(fine.status).toBe(200);
    expect(fine.json.data.next_step).toBe("services");
    expect(await traitsOf(user.id, "piercing")).toEqual([1, 2]);
  });

  it("completes a client's registration after appearance (clients have no services or availability)", async () => {
    const user = await person(USER_TYPE.client, REGISTER_STEP.profile, GENDER.male);
    const { json } = await put(user.token, "appearance", { height: 180 });
    expect(json.data).toEqual({ register_completed_step: REGISTER_COMPLETED_STEP, next_step: "completed" });
    const services = await put(user.token, "services", {});
    expect(services.status).toBe(403);
    expect(services.json.errors[0]!.key).toBe("exception.registration.step_not_for_user_type");
  });

  it("saves services with prices and extras; validates prices 1-100000 and service ids", async () => {
    const user = await person(USER_TYPE.escort, REGISTER_STEP.appearance);
    const bad = await put(user.token, "services", {
      escort_service: [101, 999],
      prices: { price_60_mins: 0, price_30_mins: 100001 },
      extras: [{ name: "", price: 20 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e) => [e.source, e.key])).toEqual([
      ["escort_service.1", "validation.invalid"],
      ["prices.price_30_mins", "validation.steps.range"],
      ["prices.price_60_mins", "validation.steps.range"],
      ["extras.0.name", "validation.required"],
    ]);
    const good = await put(user.token, "services", {
      escort_service: [101, 301, 402],
      meeting_option: [1, 2],
      customer_type: [1],
      prices: { price_60_mins: 200, price_120_mins: 350 },
      extras: [{ name: "Dessous nach Wunsch", price: 30 }],
    });
    expect(good.status).toBe(200);
    const prices = await rt.deps.db
      .selectFrom("profile_prices")
      .selectAll()
      .where("user_id", "=", user.id)
      .orderBy("item_type")
      .orderBy("position")
      .execute();
    expect(prices.map((p) => [p.item_type, p.duration_minutes, p.name, p.price_eur])).toEqual([
      [1, 60, null, 200],
      [1, 120, null, 350],
      [2, null, "Dessous nach Wunsch", 30],
    ]);
  });

  it("saves the availability schedule and 'available now', and checks slot times", async () => {
    const user = await person(USER_TYPE.escort, REGISTER_STEP.services);
    const bad = await put(user.token, "availability", {
      schedule: [
        { day: 8, time_from: "25:00", time_to: "10:00" },
        { day: 1, time_from: "22:00", time_to: "02:00" },
      ],
    });
    expect(bad.json.errors.map((e) => [e.source, e.key])).toEqual([
      ["schedule.0.day", "validation.steps.range"],
      ["schedule.0.time_from", "validation.steps.time_invalid"],
      ["schedule.1.time_to", "validation.steps.time_order"],
    ]);
    const good = await put(user.token, "availability", {
      schedule: [
        { day: 5, time_from: "22:00", time_to: "04:00", is_over_day: true },
        { day: 6, time_from: "10:00", time_to: "18:00" },
      ],
      available_now: true,
    });
    expect(good.json.data).toEqual({ register_completed_step: REGISTER_COMPLETED_STEP, next_step: "completed" });
    const slots = await rt.deps.db.selectFrom("profile_schedule").selectAll().where("user_id", "=", user.id).orderBy("day").execute();
    expect(slots.map((s) => [s.day, s.time_from, s.time_to, s.is_over_day])).toEqual([
      [5, "22:00", "04:00", 1],
      [6, "10:00", "18:00", 0],
    ]);
    const profile = await rt.deps.db
      .selectFrom("profiles")
      .select("available_now_until")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(Number(profile.available_now_until)).toBeGreaterThan(rt.clock.now());
  });

  it("refuses a step before the earlier ones are done and never moves the step backwards", async () => {
    const user = await person(USER_TYPE.escort, REGISTER_STEP["sign-up"]);
    const early = await put(user.token, "appearance", { height: 170 });
    expect(early.status).toBe(409);
    expect(early.json.errors[0]!.key).toBe("exception.registration.step_not_reached");
    // Photo step without a photo.
    const photo = await put(user.token, "photo", {});
    expect(photo.status).toBe(400);
    expect(photo.json.errors[0]).toMatchObject({ key: "validation.image.required", source: "files" });

    const done = await person(USER_TYPE.escort, REGISTER_COMPLETED_STEP);
    const again = await put(done.token, "profile", validProfile);
    expect(again.status).toBe(200);
    expect(again.json.data.register_completed_step).toBe(REGISTER_COMPLETED_STEP);
    expect(await stepOf(done.id)).toBe(REGISTER_COMPLETED_STEP);
  });

  it("needs login and writes only the caller's own data, ignoring a forged user_id", async () => {
    const alice = await person(USER_TYPE.escort, REGISTER_STEP.photo);
    const bob = await person(USER_TYPE.escort, REGISTER_STEP.photo);
    expect((await put(undefined, "profile", validProfile)).status).toBe(401);
    const forged = await put(bob.token, "profile", { ...validProfile, sexuality: 2, user_id: alice.id, userId: alice.id });
    expect(forged.status).toBe(200);
    expect(await traitsOf(bob.id, "sexuality")).toEqual([2]);
    expect(await traitsOf(alice.id, "sexuality")).toEqual([]);
    expect(await stepOf(alice.id)).toBe(REGISTER_STEP.photo);
    // Alice's own data, then Bob's save leaves it alone.
    await put(alice.token, "profile", validProfile);
    await put(bob.token, "profile", { ...validProfile, sexuality: 1, user_id: alice.id });
    expect(await traitsOf(alice.id, "sexuality")).toEqual([3]);
    const mine = (await (await rt.request("/api/v2/registration/steps", { token: bob.token })).json()) as {
      data: { traits: Record<string, number[]> };
    };
    expect(mine.data.traits.sexuality).toEqual([1]);
  });

  it("keeps individual and business steps apart", async () => {
    const business = await person(USER_TYPE.business, 1);
    expect((await put(business.token, "services", {})).status).toBe(403);
    const escort = await person(USER_TYPE.escort, REGISTER_COMPLETED_STEP);
    expect((await put(escort.token, "business/services", {})).status).toBe(403);
  });

  it("walks the business steps: services, schedule, description (140-2500), photo, escorts", async () => {
    const business = await person(USER_TYPE.business, 1);
    const services = await put(business.token, "business/services", { company_service: [1, 3], company_room: [1], environment: [3] });
    expect(services.json.data).toEqual({ register_completed_step: 2, next_step: "schedule" });
    expect(await traitsOf(business.id, "company_service")).toEqual([1, 3]);
    const schedule = await put(business.token, "business/schedule", { schedule: [{ day: 1, time_from: "11:00", time_to: "23:00" }] });
    expect(schedule.json.data.next_step).toBe("description");
    const short = await put(business.token, "business/description", { description: "Zu kurz." });
    expect(short.json.errors).toEqual([
      expect.objectContaining({ source: "description", key: "validation.steps.too_short", params: { min: "140" } }),
    ]);
    const description = await put(business.token, "business/description", { description: "Unser Club ".repeat(15) });
    expect(description.json.data.next_step).toBe("photo");
    // No photo yet: the photo step cannot be finished, and escorts are not reached.
    expect((await put(business.token, "business/photo", {})).status).toBe(400);
    expect((await put(business.token, "business/escorts", { usernames: [] })).status).toBe(409);
  });

  it("links only existing escorts to a business", async () => {
    const business = await person(USER_TYPE.business, 5);
    const escort = await person(USER_TYPE.escort, REGISTER_COMPLETED_STEP);
    const client = await person(USER_TYPE.client, REGISTER_COMPLETED_STEP);
    const bad = await put(business.token, "business/escorts", { usernames: [escort.username, client.username, "nobody_here"] });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e) => [e.source, e.key])).toEqual([
      ["usernames.1", "validation.steps.escort_not_found"],
      ["usernames.2", "validation.steps.escort_not_found"],
    ]);
    const good = await put(business.token, "business/escorts", { usernames: [escort.username.toUpperCase()] });
    expect(good.json.data).toEqual({ register_completed_step: REGISTER_COMPLETED_STEP, next_step: "completed" });
    const links = await rt.deps.db.selectFrom("business_escorts").selectAll().where("business_user_id", "=", business.id).execute();
    expect(links.map((l) => l.escort_user_id)).toEqual([escort.id]);
  });
});
