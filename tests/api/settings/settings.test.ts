import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_GROUPS } from "#server/contract/settings";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { cityBySlug } from "#server/modules/geo/cities";
import { acceptAllPending } from "../../helpers/moderation";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer {
  data?: { groups?: Array<{ key: string; items: string[] }>; section?: string; saved?: boolean };
  errors?: Array<{ key: string; source?: string; params?: Record<string, string> }>;
}

describe(`settings API (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  async function member(userType: number, extra: { gender?: number; businessKind?: "agency" | "club" } = {}) {
    const user = await createUser(rt, { userType });
    await rt.deps.db
      .updateTable("users")
      .set({ gender: extra.gender ?? GENDER.female, business_kind: extra.businessKind ?? null })
      .where("id", "=", user.id)
      .execute();
    const { body } = await login(rt, user.username, user.password);
    return { ...user, token: String(body.access_token) };
  }

  function call(token: string | undefined, method: "GET" | "PUT", path: string, body?: unknown) {
    return callJson<Answer>(rt, token, method, `/api/v2/settings${path}`, body);
  }

  const itemsOf = (answer: Answer) => Object.fromEntries((answer.data?.groups ?? []).map((group) => [group.key, group.items]));

  describe("the index follows section 6", () => {
    it("an escort has every page of both groups", async () => {
      const escort = await member(USER_TYPE.escort);
      const { status, json } = await call(escort.token, "GET", "");
      expect(status).toBe(200);
      expect(itemsOf(json)).toEqual({
        profile_appearance: [...SETTINGS_GROUPS.profile_appearance],
        account_membership: [...SETTINGS_GROUPS.account_membership],
      });
    });

    it("a client has no linked profiles, no service prices and no date review display", async () => {
      const client = await member(USER_TYPE.client, { gender: GENDER.male });
      const items = itemsOf((await call(client.token, "GET", "")).json);
      expect(items.profile_appearance).toEqual(["name_characteristics", "contact", "status_description", "media_gallery", "interviews"]);
      expect(items.account_membership).not.toContain("date_review_display");
      expect(items.account_membership).toContain("email_password");
    });

    it("an agency prices its services; a club does not, and both link escorts", async () => {
      const agency = await member(USER_TYPE.business, { businessKind: "agency" });
      const club = await member(USER_TYPE.business, { businessKind: "club" });
      expect(itemsOf((await call(agency.token, "GET", "")).json).profile_appearance).toContain("service_prices");
      const clubItems = itemsOf((await call(club.token, "GET", "")).json).profile_appearance;
      expect(clubItems).not.toContain("service_prices");
      expect(clubItems).toContain("linked_profiles");
    });

    it("staff accounts have no profile: only their sign-in, notifications and data (issue 25 item 7)", async () => {
      for (const userType of [USER_TYPE.team, USER_TYPE.backend]) {
        const staff = await member(userType);
        expect(itemsOf((await call(staff.token, "GET", "")).json)).toEqual({
          profile_appearance: [],
          account_membership: ["email_password", "notifications", "data_privacy"],
        });
      }
    });

    it("asks for a login", async () => {
      expect((await call(undefined, "GET", "")).status).toBe(401);
    });
  });

  describe("profile sections", () => {
    const profile = {
      relationship_status: 1,
      city: "Hamburg",
      languages: [1],
      profession: "Tänzerin",
      status: "Heute in Hamburg",
      description: "Über mich",
      interests: "Jazz",
    };

    it("a new city moves the profile in search and the directory at once", async () => {
      const escort = await member(USER_TYPE.escort);
      const hamburg = (await cityBySlug(rt.deps, "DE", "hamburg"))!;
      const saved = await call(escort.token, "PUT", "/profile", profile);
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      expect(saved.json.data).toEqual({ section: "profile", saved: true });
      const published = () =>
        rt.deps.db
          .selectFrom("profiles")
          .select(["city_name", "status_text", "profession"])
          .where("user_id", "=", escort.id)
          .executeTakeFirstOrThrow();
      // The city moves at once; the texts wait for a team member (ADR 030), then go public.
      expect(await published()).toEqual({ city_name: "Hamburg", status_text: null, profession: null });
      expect(await acceptAllPending(rt, escort.id)).toBe(4);
      expect(await published()).toEqual({ city_name: "Hamburg", status_text: "Heute in Hamburg", profession: "Tänzerin" });
      // Registration was finished long ago: saving a section never moves the register step.
      const user = await rt.deps.db
        .selectFrom("users")
        .select("register_completed_step")
        .where("id", "=", escort.id)
        .executeTakeFirstOrThrow();
      expect(user.register_completed_step).toBe(10);
      const search = await rt.deps.db.selectFrom("search_profiles").select("city_id").where("user_id", "=", escort.id).executeTakeFirst();
      if (search) expect(search.city_id).toBe(hamburg.id);

      const munich = await call(escort.token, "PUT", "/profile", { ...profile, city: "München" });
      expect(munich.status).toBe(200);
      const moved = await rt.deps.db.selectFrom("profiles").select("city_id").where("user_id", "=", escort.id).executeTakeFirstOrThrow();
      expect(moved.city_id).toBe((await cityBySlug(rt.deps, "DE", "munchen"))?.id ?? (await cityBySlug(rt.deps, "DE", "muenchen"))!.id);
    });

    it("keeps the registration rules: text lengths, ranges, an unknown city, the business description minimum", async () => {
      const escort = await member(USER_TYPE.escort);
      const long = await call(escort.token, "PUT", "/profile", { ...profile, status: "x".repeat(251) });
      expect(long.status).toBe(400);
      expect(long.json.errors).toEqual([
        expect.objectContaining({ key: "validation.steps.too_long", params: { max: "250" }, source: "status" }),
      ]);
      const nowhere = await call(escort.token, "PUT", "/profile", { ...profile, city: "Atlantis Nirgendwo" });
      expect(nowhere.status).toBe(400);
      expect(nowhere.json.errors?.[0]).toMatchObject({ key: "validation.city_unknown", source: "city" });
      const tall = await call(escort.token, "PUT", "/appearance", { height: 260 });
      expect(tall.status).toBe(400);
      expect(tall.json.errors?.[0]).toMatchObject({ source: "height" });
      const price = await call(escort.token, "PUT", "/services", { prices: { price_60_mins: 100_001 } });
      expect(price.status).toBe(400);
      const agency = await member(USER_TYPE.business, { businessKind: "agency" });
      const short = await call(agency.token, "PUT", "/business_description", { description: "zu kurz" });
      expect(short.status).toBe(400);
      expect(short.json.errors?.[0]).toMatchObject({ key: "validation.steps.too_short", params: { min: "140" }, source: "description" });
    });

    it("refuses cup sizes for a man, as registration does", async () => {
      const escort = await member(USER_TYPE.escort, { gender: GENDER.male });
      const answer = await call(escort.token, "PUT", "/appearance", { cup_size: 1 });
      expect(answer.status).toBe(400);
      expect(answer.json.errors?.[0]).toMatchObject({ key: "validation.steps.not_applicable", source: "cup_size" });
    });

    it("saves prices and working hours, and an escort's available now", async () => {
      const escort = await member(USER_TYPE.escort);
      expect(
        (await call(escort.token, "PUT", "/services", { prices: { price_60_mins: 180 }, extras: [{ name: "Dusche", price: 20 }] })).status,
      ).toBe(200);
      const prices = await rt.deps.db
        .selectFrom("profile_prices")
        .select(["duration_minutes", "name", "price_eur"])
        .where("user_id", "=", escort.id)
        .orderBy("item_type")
        .orderBy("position")
        .execute();
      expect(prices).toEqual([
        { duration_minutes: 60, name: null, price_eur: 180 },
        { duration_minutes: null, name: "Dusche", price_eur: 20 },
      ]);
      const hours = await call(escort.token, "PUT", "/availability", {
        schedule: [{ day: 1, time_from: "20:00", time_to: "02:00", is_over_day: true }],
        available_now: true,
      });
      expect(hours.status).toBe(200);
      const slots = await rt.deps.db.selectFrom("profile_schedule").select(["day", "time_from"]).where("user_id", "=", escort.id).execute();
      expect(slots).toEqual([{ day: 1, time_from: "20:00" }]);
    });
  });

  describe("authorization", () => {
    it("a member writes only forms of their own kind", async () => {
      const client = await member(USER_TYPE.client, { gender: GENDER.male });
      const club = await member(USER_TYPE.business, { businessKind: "club" });
      const escort = await member(USER_TYPE.escort);
      const forbidden = [
        await call(client.token, "PUT", "/services", { prices: { price_60_mins: 100 } }),
        await call(client.token, "PUT", "/availability", { schedule: [] }),
        await call(club.token, "PUT", "/services", { prices: { price_60_mins: 100 } }),
        await call(club.token, "PUT", "/appearance", { height: 170 }),
        await call(escort.token, "PUT", "/business_description", { description: "x".repeat(150) }),
      ];
      for (const answer of forbidden) {
        expect(answer.status).toBe(403);
        expect(answer.json.errors?.[0]?.key).toBe("exception.settings.not_for_user_type");
      }
      expect((await call(undefined, "PUT", "/appearance", { height: 170 })).status).toBe(401);
    });

    it("another member's id in the body changes nothing of theirs", async () => {
      const attacker = await member(USER_TYPE.escort);
      const victim = await member(USER_TYPE.escort);
      await rt.deps.db
        .insertInto("profiles")
        .values({ user_id: victim.id, display_name: victim.username, height_cm: 160, updated_at: 0 })
        .execute();
      const answer = await call(attacker.token, "PUT", "/appearance", { user_id: victim.id, id: victim.id, height: 190 });
      expect(answer.status).toBe(200);
      const heights = await rt.deps.db
        .selectFrom("profiles")
        .select(["user_id", "height_cm"])
        .where("user_id", "in", [attacker.id, victim.id])
        .execute();
      expect(Object.fromEntries(heights.map((row) => [row.user_id, row.height_cm]))).toEqual({ [attacker.id]: 190, [victim.id]: 160 });
    });
  });
});
