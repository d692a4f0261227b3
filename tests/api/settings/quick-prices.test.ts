/** set_price (ADR 138): the quick prices go through the service-price list's rule and rows, the caller's own only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_MAX } from "#server/contract/registration-steps";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer {
  data?: { durations: number[]; prices: Record<string, number>; currency: string; other_prices: number };
  errors?: Array<{ key: string; source?: string; params?: Record<string, string> }>;
}

describe(`quick prices API (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  async function member(userType: number, businessKind: "agency" | "club" | null = null) {
    const user = await createUser(rt, { userType });
    await rt.deps.db.updateTable("users").set({ gender: GENDER.female, business_kind: businessKind }).where("id", "=", user.id).execute();
    const { body } = await login(rt, user.username, user.password);
    return { ...user, token: String(body.access_token) };
  }

  const call = (token: string | undefined, method: "GET" | "PUT", body?: unknown) =>
    callJson<Answer>(rt, token, method, "/api/v2/settings/quick_prices", body);
  const services = (token: string, body: unknown) => callJson<Answer>(rt, token, "PUT", "/api/v2/settings/services", body);
  const rowsOf = (userId: number) =>
    rt.deps.db
      .selectFrom("profile_prices")
      .select(["duration_minutes", "name", "price_eur"])
      .where("user_id", "=", userId)
      .orderBy("item_type")
      .orderBy("position")
      .execute();

  it("reads and saves the quick durations only; the list's other prices and extras stay", async () => {
    const escort = await member(USER_TYPE.escort);
    const empty = await call(escort.token, "GET");
    expect(empty.status).toBe(200);
    expect(empty.json.data).toEqual({ durations: [30, 60, 120, 720], prices: {}, currency: "EUR", other_prices: 0 });

    // The full list first: an hour, 15 minutes (not a quick duration) and an extra.
    await services(escort.token, { prices: { price_15_mins: 50, price_60_mins: 150 }, extras: [{ name: "Dusche", price: 20 }] });
    expect((await call(escort.token, "GET")).json.data).toMatchObject({ prices: { price_60_mins: 150 }, other_prices: 2 });

    const saved = await call(escort.token, "PUT", { prices: { price_30_mins: 90, price_60_mins: 160, price_720_mins: 900 } });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ prices: { price_30_mins: 90, price_60_mins: 160, price_720_mins: 900 }, other_prices: 2 });
    expect(await rowsOf(escort.id)).toEqual([
      { duration_minutes: 15, name: null, price_eur: 50 },
      { duration_minutes: 30, name: null, price_eur: 90 },
      { duration_minutes: 60, name: null, price_eur: 160 },
      { duration_minutes: 720, name: null, price_eur: 900 },
      { duration_minutes: null, name: "Dusche", price_eur: 20 },
    ]);

    // A price left out or null is removed; the others stay.
    await call(escort.token, "PUT", { prices: { price_60_mins: 170, price_30_mins: null } });
    expect((await rowsOf(escort.id)).map((row) => row.duration_minutes)).toEqual([15, 60, null]);
  });

  it("refuses what the service-price list refuses, at the field, and keeps the stored prices", async () => {
    const escort = await member(USER_TYPE.escort);
    await call(escort.token, "PUT", { prices: { price_60_mins: 150 } });
    for (const bad of [PRICE_MAX + 1, 0, 12.5, "viel"]) {
      const answer = await call(escort.token, "PUT", { prices: { price_60_mins: bad } });
      expect(answer.status).toBe(400);
      expect(answer.json.errors?.[0]).toMatchObject({ source: "prices.price_60_mins" });
      // The same answer as the full list gives for the same value: one rule.
      const full = await services(escort.token, { prices: { price_60_mins: bad } });
      expect(full.json.errors?.[0]?.key).toBe(answer.json.errors?.[0]?.key);
    }
    expect((await call(escort.token, "GET")).json.data?.prices).toEqual({ price_60_mins: 150 });
  });

  it("an agency has prices; a client and a club get 403, a guest 401", async () => {
    const agency = await member(USER_TYPE.business, "agency");
    expect((await call(agency.token, "PUT", { prices: { price_60_mins: 200 } })).status).toBe(200);
    for (const who of [await member(USER_TYPE.client), await member(USER_TYPE.business, "club")]) {
      for (const answer of [await call(who.token, "GET"), await call(who.token, "PUT", { prices: { price_60_mins: 100 } })]) {
        expect(answer.status).toBe(403);
        expect(answer.json.errors?.[0]?.key).toBe("exception.settings.not_for_user_type");
      }
      expect(await rowsOf(who.id)).toEqual([]);
    }
    expect((await call(undefined, "GET")).status).toBe(401);
    expect((await call(undefined, "PUT", { prices: { price_60_mins: 100 } })).status).toBe(401);
  });

  it("another member's id changes nothing of theirs: the caller's own prices only", async () => {
    const attacker = await member(USER_TYPE.escort);
    const victim = await member(USER_TYPE.escort);
    await call(victim.token, "PUT", { prices: { price_60_mins: 300 } });
    const answer = await call(attacker.token, "PUT", { user_id: victim.id, username: victim.username, prices: { price_60_mins: 1 } });
    expect(answer.status).toBe(200);
    expect(await rowsOf(victim.id)).toEqual([{ duration_minutes: 60, name: null, price_eur: 300 }]);
    expect(await rowsOf(attacker.id)).toEqual([{ duration_minutes: 60, name: null, price_eur: 1 }]);
    // A path with an id does not exist: no other member's prices can be read through it.
    const other = await callJson<Answer>(rt, attacker.token, "GET", `/api/v2/settings/quick_prices/${victim.id}`);
    expect(other.status).toBe(404);
  });
});
