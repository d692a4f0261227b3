/**
 * The search tiles' contact line (issue 25 item 1, ADR 068): a new or hot escort's tile says that only plus members
 * may write first, for every viewer the rule holds back (guests as the new free clients they would be), not for plus
 * clients — read from the columns the page already reads, so a page of such tiles costs no query more than one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchHit } from "#server/contract/search";
import { USER_TYPE } from "#server/contract/users";
import { SearchColumnIndex } from "#server/modules/search/column-index";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createProfile, northOf, BERLIN } from "../../helpers/search-fixtures";

const DAY = 24 * 60 * 60 * 1000;

describe(`search tiles' contact rule (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let recording: string[] | null = null;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true, onQuery: (sql) => recording?.push(sql) });
  }, 60_000);
  afterAll(() => rt.close());

  async function search(spot: { lat: number; lon: number }, token?: string) {
    recording = [];
    try {
      const res = await rt.request("/api/v2/search/user-and-business", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ filterquery: { location: { ...spot, radius: 5 } } }),
        ...(token ? { token } : {}),
      });
      expect(res.status).toBe(200);
      return { hits: ((await res.json()) as { data: SearchHit[] }).data, queries: recording.length };
    } finally {
      recording = null;
    }
  }

  async function settle(userId: number, days: number) {
    await rt.deps.db
      .updateTable("users")
      .set({ created_at: rt.clock.now() - days * DAY })
      .where("id", "=", userId)
      .execute();
  }

  it("marks new and hot escorts for guests and basic clients, not for plus clients", async () => {
    const spot = northOf(BERLIN, 310);
    const fresh = await createProfile(rt, { point: spot });
    await settle(fresh.id, 3);
    const settled = await createProfile(rt, { point: spot });
    await settle(settled.id, 200);
    const hot = await createProfile(rt, { point: spot });
    await settle(hot.id, 200);
    await rt.deps.db.updateTable("profiles").set({ is_hot: 1 }).where("user_id", "=", hot.id).execute();
    await rt.deps.db
      .updateTable("users")
      .set({ last_active_at: rt.clock.now() - 60_000 })
      .where("id", "=", hot.id)
      .execute();
    const plus = await createProfile(rt, { point: northOf(BERLIN, 330), userType: USER_TYPE.client, isMember: true });
    const plusToken = String((await login(rt, plus.username, plus.password)).body.access_token);

    const rules = (hits: SearchHit[]) => Object.fromEntries(hits.map((hit) => [hit.username, hit.contact_rule]));
    expect(rules((await search(spot)).hits)).toEqual({
      [fresh.username]: "new_escort",
      [settled.username]: null,
      [hot.username]: "hot_escort",
    });
    expect(rules((await search(spot, plusToken)).hits)).toEqual({ [fresh.username]: null, [settled.username]: null, [hot.username]: null });
  });

  // Both engines (ADR 151, 164): the SQL path, and the column index once it is loaded and has applied the new rows
  // (its first search after writes also reads the changed rows: statements per write, not per tile).
  it.each([
    { engine: "the SQL path", searchIndex: false, north: 350 },
    { engine: "the column index", searchIndex: true, north: 390 },
  ])("costs the same queries for one such tile as for six (no query per tile): $engine", async ({ searchIndex, north }) => {
    rt.deps.config.searchIndex = searchIndex;
    try {
      const one = northOf(BERLIN, north);
      const six = northOf(BERLIN, north + 20);
      await createProfile(rt, { point: one });
      for (let i = 0; i < 6; i++) await createProfile(rt, { point: six });
      // No load or change read of the index under way while the statements are counted (its first search loaded it).
      await SearchColumnIndex.of(rt.deps).fresh();
      const small = await search(one);
      const large = await search(six);
      expect(small.hits.map((hit) => hit.contact_rule)).toEqual(["new_escort"]);
      expect(large.hits.map((hit) => hit.contact_rule)).toEqual(Array(6).fill("new_escort"));
      expect(large.queries).toBe(small.queries);
    } finally {
      rt.deps.config.searchIndex = true;
    }
  });
});
