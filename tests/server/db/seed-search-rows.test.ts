/**
 * The seed computes search_profiles once after its bulk load instead of by trigger per row (ADR 142). The rows must
 * be the ones the triggers would have written, and afterwards the triggers and covering indexes must be back — also
 * after a load that failed, and after an earlier seed that stopped half-way (both databases). The column index's change
 * log hears of the seed as one "everything changed" row (ADR 170), and its triggers are back afterwards, with the trait
 * groups of migration 0131 (ADR 176).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { SEARCH_INDEX_NAMES } from "#server/db/migrations/0011_search_profiles";
import { SEARCH_PROFILES_0045, SEARCH_PROFILES_SOURCE } from "#server/db/migrations/0045_search_popularity";
import { searchProfilesSql } from "#server/db/migrations/search-profiles-sql";
import { seedDemoData } from "#server/db/seed/index";
import { withSearchRowsDeferred } from "#server/db/seed/search-rows";
import { RANK_INDEX_NAMES } from "#server/modules/search/index";
import { dropSearchProfileChangeTriggers } from "#server/modules/search/migrations/0128_search_profile_changes";
import { dropDirectoryTraitChangeTriggers } from "#server/modules/search/migrations/0130_directory_trait_changes";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";

type Row = Record<string, unknown>;
const opened: TestRuntime[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const rt of opened) await rt.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function runtime(): Promise<TestRuntime> {
  const rt = await createTestRuntime();
  opened.push(rt);
  return rt;
}

async function seeded(deferSearchRows: boolean): Promise<TestRuntime> {
  const rt = await runtime();
  const mediaDir = await mkdtemp(join(tmpdir(), "velora-seed-rows-"));
  dirs.push(mediaDir);
  await seedDemoData({ db: rt.deps.db, clock: rt.clock, config: { ...rt.deps.config, mediaDir }, profiles: 60, deferSearchRows });
  return rt;
}

function normalize(rows: Row[]): Row[] {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v])))
    .sort((a, b) => Number(a.user_id) - Number(b.user_id));
}

async function searchRows(rt: TestRuntime): Promise<Row[]> {
  const result = await sql.raw<Row>(`SELECT ${SEARCH_PROFILES_SOURCE.columns.join(", ")} FROM search_profiles`).execute(rt.deps.db);
  return normalize(result.rows);
}

async function definedRows(rt: TestRuntime): Promise<Row[]> {
  const columns = SEARCH_PROFILES_SOURCE.columns;
  const aliased = `WITH source(${columns.join(", ")}) AS (${SEARCH_PROFILES_SOURCE.select(rt.deps.dialect)}) SELECT * FROM source`;
  return normalize((await sql.raw<Row>(aliased).execute(rt.deps.db)).rows);
}

async function searchIndexes(rt: TestRuntime): Promise<string[]> {
  const query =
    TEST_DB === "postgres"
      ? sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'search_profiles'`
      : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'search_profiles'`;
  return (await query.execute(rt.deps.db)).rows.map((r) => r.name);
}

/** The change log's user ids in order (null: everything changed). */
async function changeLog(rt: TestRuntime): Promise<Array<number | null>> {
  const rows = await rt.deps.db.selectFrom("search_profile_changes").select("user_id").orderBy("seq").execute();
  return rows.map((r) => (r.user_id === null ? null : Number(r.user_id)));
}

/** The triggers work: a new listed profile gets its row, a changed height reaches it, and the change log hears of both. */
async function expectTriggersWork(rt: TestRuntime) {
  const logged = (await changeLog(rt)).length;
  const user = await createProfile(rt, { heightCm: 171 });
  const row = () => rt.deps.db.selectFrom("search_profiles").select("height_cm").where("user_id", "=", user.id).executeTakeFirst();
  expect(await row()).toEqual({ height_cm: 171 });
  await rt.deps.db.updateTable("profiles").set({ height_cm: 182 }).where("user_id", "=", user.id).execute();
  expect(await row()).toEqual({ height_cm: 182 });
  const since = (await changeLog(rt)).slice(logged);
  expect(since.length).toBeGreaterThanOrEqual(2);
  expect(new Set(since)).toEqual(new Set([user.id]));
  // A spoken language (a trait group the log follows since migration 0131, ADR 176) is heard of too.
  const beforeLanguage = (await changeLog(rt)).length;
  await rt.deps.db.insertInto("profile_traits").values({ user_id: user.id, group_key: "languages", option_id: 4 }).execute();
  expect((await changeLog(rt)).slice(beforeLanguage)).toEqual([user.id]);
}

describe("seeding with search rows computed after the load", () => {
  it("writes the same search rows as the per-row triggers, and leaves triggers and indexes in place", async () => {
    const [deferred, perRow] = await Promise.all([seeded(true), seeded(false)]);
    const rows = await searchRows(deferred);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows).toEqual(await searchRows(perRow));
    expect(rows).toEqual(await definedRows(deferred));
    expect(await searchIndexes(deferred)).toEqual(expect.arrayContaining([...SEARCH_INDEX_NAMES, ...RANK_INDEX_NAMES]));
    // One "everything changed" row for the deferred seed; the per-row seed logged every write.
    expect(await changeLog(deferred)).toEqual([null]);
    expect((await changeLog(perRow)).length).toBeGreaterThan(rows.length);
    await expectTriggersWork(deferred);
    // Two small seeds: slow on a loaded machine, like the seed tests.
  }, 300_000);

  it("puts rows, indexes and triggers back when the load fails", async () => {
    const rt = await runtime();
    let created = 0;
    await expect(
      withSearchRowsDeferred(rt.deps.db, async () => {
        created = (await createProfile(rt, { heightCm: 160 })).id;
        // While deferred, no trigger writes a row.
        expect(await searchRows(rt)).toEqual([]);
        throw new Error("load failed");
      }),
    ).rejects.toThrow("load failed");
    expect((await searchRows(rt)).map((r) => r.user_id)).toEqual([created]);
    expect((await changeLog(rt)).at(-1)).toBeNull();
    expect(await searchIndexes(rt)).toEqual(expect.arrayContaining([...SEARCH_INDEX_NAMES, ...RANK_INDEX_NAMES]));
    await expectTriggersWork(rt);
  }, 120_000);

  it("starts after a seed that was killed half-way (triggers and indexes already gone)", async () => {
    const rt = await runtime();
    const user = await createProfile(rt, { heightCm: 165 });
    // What a killed seed leaves: triggers and indexes dropped, the rows never recomputed.
    const raw = rt.deps.db as unknown as Kysely<unknown>;
    await searchProfilesSql(SEARCH_PROFILES_0045).dropTriggers(rt.deps.dialect, raw);
    await dropSearchProfileChangeTriggers(rt.deps.dialect, raw);
    await dropDirectoryTraitChangeTriggers(rt.deps.dialect, raw);
    for (const name of SEARCH_INDEX_NAMES) await raw.schema.dropIndex(name).execute();
    await rt.deps.db.deleteFrom("search_profiles").execute();
    await withSearchRowsDeferred(rt.deps.db, async () => {});
    expect((await searchRows(rt)).map((r) => r.user_id)).toEqual([user.id]);
    await expectTriggersWork(rt);
    expect(await searchRows(rt)).toEqual(await definedRows(rt));
  }, 120_000);
});
