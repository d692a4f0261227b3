/**
 * search_profiles is derived data kept by triggers (migrations 0011, 0023). After any
 * sequence of writes to users, profiles, prices and traits it must equal what
 * the defining SELECT computes from the source tables — on SQLite and on
 * PostgreSQL. A random sequence of writes checks that invariant; a few named
 * cases check the effects a searcher notices.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_PROFILES_SOURCE } from "#server/db/migrations/0045_search_popularity";
import { createTestRuntime, type TestRuntime } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => rt?.close());

type Row = Record<string, unknown>;
/** Rows in a comparable form (PostgreSQL returns bigint as string; numbers rounded for float columns). */
function normalize(rows: Row[]): Row[] {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v])))
    .sort((a, b) => Number(a.user_id) - Number(b.user_id));
}

async function actual(): Promise<Row[]> {
  const columns = SEARCH_PROFILES_SOURCE.columns.join(", ");
  const result = await sql.raw<Row>(`SELECT ${columns} FROM search_profiles`).execute(rt.deps.db);
  return normalize(result.rows);
}

async function expected(): Promise<Row[]> {
  const columns = SEARCH_PROFILES_SOURCE.columns;
  const select = SEARCH_PROFILES_SOURCE.select(rt.deps.dialect);
  const aliased = `WITH source(${columns.join(", ")}) AS (${select}) SELECT * FROM source`;
  const result = await sql.raw<Row>(aliased).execute(rt.deps.db);
  return normalize(result.rows);
}

async function rowOf(userId: number) {
  return rt.deps.db.selectFrom("search_profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

describe("search_profiles follows its source tables", () => {
  it("holds a listed profile with its price, traits and ranking inputs", async () => {
    const user = await createProfile(rt, {
      price: 180,
      traits: [
        ["figure_type", 2],
        ["cup_size", 3],
        ["piercing", 1],
      ],
      heightCm: 170,
    });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({
      user_type: 2,
      gender: 2,
      price_hour: 180,
      figure_type: 2,
      cup_size: 3,
      has_piercing: 1,
      has_tattoo: 0,
      height_cm: 170,
      verified: 0,
    });
  });

  it("copies the favorites and visits of profile_counters, inserted or changed", async () => {
    const user = await createProfile(rt);
    expect(await rowOf(user.id)).toMatchObject({ favorite_count: 0, visit_count: 0 });
    await rt.deps.db.insertInto("profile_counters").values({ user_id: user.id, favorites: 3, visits: 0 }).execute();
    expect(await rowOf(user.id)).toMatchObject({ favorite_count: 3, visit_count: 0 });
    await rt.deps.db.updateTable("profile_counters").set({ visits: 41 }).where("user_id", "=", user.id).execute();
    expect(await rowOf(user.id)).toMatchObject({ favorite_count: 3, visit_count: 41 });
    // A change elsewhere recomputes the row from its sources and keeps the counts.
    await rt.deps.db.updateTable("profiles").set({ height_cm: 171 }).where("user_id", "=", user.id).execute();
    expect(await rowOf(user.id)).toMatchObject({ favorite_count: 3, visit_count: 41, height_cm: 171 });
    expect(await actual()).toEqual(await expected());
  });

  it("drops a profile that stops being listed and brings it back", async () => {
    const user = await createProfile(rt, { price: 100 });
    await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", user.id).execute();
    expect(await rowOf(user.id)).toBeUndefined();
    await rt.deps.db.updateTable("profiles").set({ is_visible: 1 }).where("user_id", "=", user.id).execute();
    expect(await rowOf(user.id)).toBeDefined();
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", user.id).execute();
    expect(await rowOf(user.id)).toBeUndefined();
    await rt.deps.db.updateTable("users").set({ status: "active" }).where("id", "=", user.id).execute();
    expect(await rowOf(user.id)).toBeDefined();
    // Hidden from search by the owner (user/search_visibility, migration 0023).
    await rt.deps.db.updateTable("profiles").set({ search_hidden: 1 }).where("user_id", "=", user.id).execute();
    expect(await rowOf(user.id)).toBeUndefined();
    await rt.deps.db.updateTable("profiles").set({ search_hidden: 0 }).where("user_id", "=", user.id).execute();
    expect(await rowOf(user.id)).toBeDefined();
  });

  it("follows price and trait changes, and deletes", async () => {
    const user = await createProfile(rt, { price: 100, traits: [["figure_type", 1]] });
    await rt.deps.db.updateTable("profile_prices").set({ price_eur: 250 }).where("user_id", "=", user.id).execute();
    expect((await rowOf(user.id))?.price_hour).toBe(250);
    await rt.deps.db.deleteFrom("profile_prices").where("user_id", "=", user.id).execute();
    expect((await rowOf(user.id))?.price_hour).toBeNull();
    await rt.deps.db
      .updateTable("profile_traits")
      .set({ option_id: 4 })
      .where("user_id", "=", user.id)
      .where("group_key", "=", "figure_type")
      .execute();
    expect((await rowOf(user.id))?.figure_type).toBe(4);
    await rt.deps.db.insertInto("profile_traits").values({ user_id: user.id, group_key: "tattoo", option_id: 2 }).execute();
    expect((await rowOf(user.id))?.has_tattoo).toBe(1);
    await rt.deps.db.deleteFrom("profiles").where("user_id", "=", user.id).execute();
    expect(await rowOf(user.id)).toBeUndefined();
  });

  it("lets two transactions change one user's source rows at the same time", async () => {
    const user = await createProfile(rt, { price: 100 });
    const db = rt.deps.db;
    // A changes the profile and keeps its transaction open for a moment; B changes the user meanwhile.
    // On PostgreSQL B's refresh must wait for A (per-user lock) instead of failing on the primary key
    // or overwriting A's change from an old snapshot; SQLite runs them one after the other.
    const a = db.transaction().execute(async (trx) => {
      await trx.updateTable("profiles").set({ is_hot: 1 }).where("user_id", "=", user.id).execute();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const b = db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ last_login_at: 1_234_567 }).where("id", "=", user.id).execute();
    });
    await Promise.all([a, b]);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ is_hot: 1 });
    expect(Number(row?.last_login_at)).toBe(1_234_567);
    expect(await actual()).toEqual(await expected());
  });

  it("equals the defining query after any sequence of writes", async () => {
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await createProfile(rt, { price: 90 + i * 10, traits: [["race_type", 1 + (i % 3)]] }));
    const ids = users.map((u) => u.id);
    const write = fc.oneof(
      fc.record({ kind: fc.constant("visible" as const), i: fc.nat(5), value: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ kind: fc.constant("hidden" as const), i: fc.nat(5), value: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ kind: fc.constant("status" as const), i: fc.nat(5), value: fc.constantFrom("active", "paused", "deactivated") }),
      fc.record({ kind: fc.constant("login" as const), i: fc.nat(5), value: fc.integer({ min: 0, max: 10 ** 12 }) }),
      fc.record({ kind: fc.constant("move" as const), i: fc.nat(5), value: fc.double({ min: 47, max: 55, noNaN: true }) }),
      fc.record({
        kind: fc.constant("price" as const),
        i: fc.nat(5),
        value: fc.integer({ min: 1, max: 100000 }),
        duration: fc.constantFrom(30, 60, 120),
      }),
      fc.record({ kind: fc.constant("dropPrices" as const), i: fc.nat(5) }),
      fc.record({
        kind: fc.constant("trait" as const),
        i: fc.nat(5),
        group: fc.constantFrom("figure_type", "cup_size", "tattoo", "piercing", "hair_color"),
        value: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant("dropTraits" as const), i: fc.nat(5) }),
      fc.record({ kind: fc.constant("rank" as const), i: fc.nat(5), value: fc.integer({ min: 0, max: 200 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        const db = rt.deps.db;
        for (const w of writes) {
          const id = ids[w.i]!;
          switch (w.kind) {
            case "visible":
              await db.updateTable("profiles").set({ is_visible: w.value }).where("user_id", "=", id).execute();
              break;
            case "hidden":
              await db.updateTable("profiles").set({ search_hidden: w.value }).where("user_id", "=", id).execute();
              break;
            case "status":
              await db.updateTable("users").set({ status: w.value }).where("id", "=", id).execute();
              break;
            case "login":
              await db.updateTable("users").set({ last_login_at: w.value }).where("id", "=", id).execute();
              break;
            case "move":
              await db.updateTable("profiles").set({ lat: w.value }).where("user_id", "=", id).execute();
              break;
            case "price":
              await db
                .insertInto("profile_prices")
                .values({ user_id: id, item_type: 1, duration_minutes: w.duration, name: null, price_eur: w.value, position: 0 })
                .execute();
              break;
            case "dropPrices":
              await db.deleteFrom("profile_prices").where("user_id", "=", id).execute();
              break;
            case "trait":
              await db.deleteFrom("profile_traits").where("user_id", "=", id).where("group_key", "=", w.group).execute();
              await db.insertInto("profile_traits").values({ user_id: id, group_key: w.group, option_id: w.value }).execute();
              break;
            case "dropTraits":
              await db.deleteFrom("profile_traits").where("user_id", "=", id).execute();
              break;
            case "rank":
              await db
                .updateTable("profiles")
                .set({ review_count: w.value, verified_at: w.value % 2 === 0 ? null : w.value })
                .where("user_id", "=", id)
                .execute();
              break;
          }
        }
        expect(await actual()).toEqual(await expected());
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
