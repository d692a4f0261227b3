/**
 * The column index is the product's default (ADR 164; ADR 151 built it): `SEARCH_INDEX` unset turns it on, `0` off.
 * Through the API as the product runs it ("auto"): the first search reads the database and starts the load in the
 * background; once loaded, searches come from the index (each reads the change log first), exact after a write;
 * switched off, no search touches the change log or loads an index.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config";
import type { SearchHit } from "#server/contract/search";
import { SearchColumnIndex } from "#server/modules/search/column-index";
import { warmSearchIndex } from "#server/modules/search/index";
import type { Logger } from "#server/ops/logger";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile, northOf } from "../../helpers/search-fixtures";

describe("SEARCH_INDEX", () => {
  it("defaults to on; 0 turns it off", () => {
    expect(loadConfig({ NODE_ENV: "test" }).searchIndex).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", SEARCH_INDEX: "" }).searchIndex).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", SEARCH_INDEX: "1" }).searchIndex).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", SEARCH_INDEX: "0" }).searchIndex).toBe(false);
  });
});

describe(`searches with the default switch (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let statements: string[] = [];
  const spot = northOf(BERLIN, 420);
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true, onQuery: (sql) => void statements.push(sql) });
  }, 60_000);
  afterAll(() => rt.close());

  async function search(on: TestRuntime = rt): Promise<{ names: string[]; readsLog: boolean }> {
    statements = [];
    const res = await on.request("/api/v2/search/user-and-business", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ filterquery: { location: { ...spot, radius: 5 } } }),
    });
    expect(res.status).toBe(200);
    const names = ((await res.json()) as { data: SearchHit[] }).data.map((hit) => hit.username).sort();
    return { names, readsLog: statements.some((sql) => /search_profile_changes/.test(sql)) };
  }

  it("answers from the database while the index loads, then from the index, exact after a write", async () => {
    expect(rt.deps.config.searchIndex).toBe(true);
    const index = SearchColumnIndex.of(rt.deps);
    const first = await createProfile(rt, { point: spot });
    expect(index.ready).toBe(false);
    // The first search: the SQL's answer; it starts the load.
    expect((await search()).names).toEqual([first.username]);
    await index.fresh();
    expect(index.ready).toBe(true);
    expect(index.loads).toBe(1);
    // Loaded: the index answers (it reads the change log before each search), and sees a profile added since.
    const second = await createProfile(rt, { point: spot });
    const indexed = await search();
    expect(indexed.readsLog).toBe(true);
    expect(indexed.names).toEqual([first.username, second.username].sort());
    expect(index.loads).toBe(1);
  });

  it("switched off, every search reads the database alone", async () => {
    rt.deps.config.searchIndex = false;
    try {
      const third = await createProfile(rt, { point: spot });
      const plain = await search();
      expect(plain.readsLog).toBe(false);
      expect(plain.names).toContain(third.username);
    } finally {
      rt.deps.config.searchIndex = true;
    }
  });

  it("a process's start loads it in the background and logs when it has (server/index.ts); switched off, not", async () => {
    const lines: Array<{ rows?: number; msg: string }> = [];
    const log = {
      info: (fields: { rows?: number }, msg: string) => void lines.push({ ...fields, msg }),
      warn: (fields: object, msg: string) => void lines.push({ msg }),
    } as unknown as Logger;
    const other = await createTestRuntime();
    try {
      await createProfile(other, { point: spot });
      await warmSearchIndex({ ...other.deps, log, config: { ...other.deps.config, searchIndex: false } });
      expect(SearchColumnIndex.of(other.deps).ready).toBe(false);
      expect(lines).toEqual([]);
      await warmSearchIndex({ ...other.deps, log });
      expect(SearchColumnIndex.of(other.deps).ready).toBe(true);
      expect(lines).toEqual([expect.objectContaining({ msg: "search index loaded", rows: 1 })]);
    } finally {
      await other.close();
    }
  });

  it("serves searches from the database while it loads, with a turn of the event loop at least every 5,000 rows", async () => {
    // At a million rows a load that read 50,000 rows between two turns held the event loop ~0.5 s a time on a quiet
    // machine, ten times that at load 37: a page waiting for its next turn timed out and answered 500 (ADR 170).
    const MOST_ROWS_PER_TURN = 5_000;
    const other = await createTestRuntime();
    try {
      const profile = await createProfile(other, { point: spot });
      // Rows enough for three turns' worth, far from the search (Hamburg), written straight into search_profiles.
      const rows = 3 * MOST_ROWS_PER_TURN + 1;
      await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
        INSERT INTO search_profiles (user_id, user_type, members_only, created_at, is_member, verified, is_hot, review_count,
          safe_sex_status, has_piercing, has_tattoo, name_key, username_key, lat, lon)
        SELECT 1000000 + i, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'filler', 'filler', 53.55, 9.99 FROM n`.execute(other.deps.db);
      const index = SearchColumnIndex.of(other.deps);
      let loading = true;
      let turns = 0;
      const during: Array<Promise<string[]>> = [];
      // Each turn the load gives the process: a timer's or a socket's callback runs here, and a search is sent when the
      // last one has answered. (One per fifth turn, answered or not, piled up hundreds of searches on a loaded machine,
      // which slowed the load they waited for: the test timed out at load 9.)
      let searching = false;
      const onTurn = () => {
        if (!loading) return;
        if (!searching) {
          searching = true;
          during.push(
            search(other).then((answer) => {
              searching = false;
              return answer.names;
            }),
          );
        }
        turns += 1;
        setImmediate(onTurn);
      };
      setImmediate(onTurn);
      await index.load();
      loading = false;
      expect(index.lastLoad?.rows).toBe(rows + 1);
      expect(turns).toBeGreaterThan(rows / MOST_ROWS_PER_TURN);
      // Every search sent while it loaded answered 200 (search() checks) with the SQL's answer; the index agrees.
      expect(during.length).toBeGreaterThan(0);
      for (const names of await Promise.all(during)) expect(names).toEqual([profile.username]);
      expect((await search(other)).names).toEqual([profile.username]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
