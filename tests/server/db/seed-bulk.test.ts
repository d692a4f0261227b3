/**
 * The seed's bulk path (ADR 152): bulk statements per table, the per-person tables' indexes built after the load, the
 * next chunk planned while the last is written. It must write exactly the rows the plain path writes, and leave the
 * indexes as they were — also after a failed load and after a seed that was killed half-way (both databases).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { bulkInsert, PER_PERSON_TABLES, withIndexesDeferred } from "#server/db/seed/bulk";
import { seedDemoData } from "#server/db/seed/index";
import { resetDemoData, tablesToReset } from "#server/db/seed/reset";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";

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

async function seeded(bulk: boolean): Promise<TestRuntime> {
  const rt = await runtime();
  const mediaDir = await mkdtemp(join(tmpdir(), "velora-seed-bulk-"));
  dirs.push(mediaDir);
  await seedDemoData({ db: rt.deps.db, clock: rt.clock, config: { ...rt.deps.config, mediaDir }, profiles: 80, bulk });
  return rt;
}

/** Every row of a table, in a fixed order, without the password hashes (each seed salts its own) and random public ids. */
async function rowsOf(rt: TestRuntime, table: string): Promise<string[]> {
  const result = await sql<Row>`SELECT * FROM ${sql.table(table)}`.execute(rt.deps.db);
  return result.rows
    .map((row) => {
      const { password_hash: _hash, public_id: _public, ...rest } = row;
      // PostgreSQL answers numeric columns as strings; the comparison is of values.
      return JSON.stringify(Object.entries(rest).map(([k, v]) => [k, typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v]));
    })
    .sort();
}

async function indexesOf(rt: TestRuntime): Promise<string[]> {
  const list = sql.join(PER_PERSON_TABLES.map((table) => sql`${table}`));
  const query =
    TEST_DB === "postgres"
      ? sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN (${list})`
      : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${list})`;
  return (await query.execute(rt.deps.db)).rows.map((r) => r.name).sort();
}

async function pendingTableExists(rt: TestRuntime): Promise<boolean> {
  const query =
    TEST_DB === "postgres"
      ? sql`SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'seed_deferred_indexes'`
      : sql`SELECT 1 FROM sqlite_master WHERE name = 'seed_deferred_indexes'`;
  return (await query.execute(rt.deps.db)).rows.length > 0;
}

/** One secondary index of the users table, as a killed seed would have dropped it. */
async function someUsersIndex(rt: TestRuntime): Promise<{ name: string; create: string }> {
  const query =
    TEST_DB === "postgres"
      ? sql<{ name: string; create: string }>`SELECT indexname AS name, indexdef AS "create" FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = 'users' AND indexname NOT LIKE '%pkey' ORDER BY indexname LIMIT 1`
      : sql<{ name: string; create: string }>`SELECT name, sql AS "create" FROM sqlite_master
          WHERE type = 'index' AND tbl_name = 'users' AND sql IS NOT NULL ORDER BY name LIMIT 1`;
  const row = (await query.execute(rt.deps.db)).rows[0];
  if (!row) throw new Error("users has no secondary index");
  return row;
}

describe("the seed's bulk path", () => {
  it("writes the same rows as the plain inserts, and leaves the indexes as they were", async () => {
    const [bulk, plain] = await Promise.all([seeded(true), seeded(false)]);
    const tables = await tablesToReset(bulk.deps.db);
    const counts = async (rt: TestRuntime) => {
      const out: Record<string, number> = {};
      for (const table of tables) {
        const row = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(rt.deps.db);
        out[table] = Number(row.rows[0]?.n);
      }
      return out;
    };
    const bulkCounts = await counts(bulk);
    expect(bulkCounts).toEqual(await counts(plain));
    expect(bulkCounts.users).toBeGreaterThanOrEqual(85); // 5 demo accounts, 80 generated, the back office's staff
    expect(bulkCounts.search_profiles).toBeGreaterThan(40);
    for (const table of [...PER_PERSON_TABLES, "consents", "profile_interviews", "profile_date_kinds", "search_profiles"])
      expect({ table, rows: await rowsOf(bulk, table) }).toEqual({ table, rows: await rowsOf(plain, table) });
    expect(await indexesOf(bulk)).toEqual(await indexesOf(plain));
    expect(await pendingTableExists(bulk)).toBe(false);
    // Two small seeds: slow on a loaded machine, like the other seed tests.
  }, 300_000);

  it("inserts a table's rows in one go and answers the returned columns; rows with gaps go the plain way", async () => {
    const rt = await runtime();
    const user = (name: string) => ({
      username: name,
      username_key: name,
      email: `${name}@example.test`,
      email_key: `${name}@example.test`,
      password_hash: "x",
      user_type: 1,
      created_at: 1,
      updated_at: 1,
    });
    await rt.deps.db.transaction().execute(async (trx) => {
      const names = Array.from({ length: 230 }, (_, i) => `bulk_${i}`);
      const returned = await bulkInsert(trx, rt.deps.dialect, "users", names.map(user), ["id", "username_key"]);
      expect(returned?.map((row) => row.username_key).sort()).toEqual([...names].sort());
      expect(new Set(returned?.map((row) => Number(row.id))).size).toBe(names.length);
      // A row without a column another row names: Kysely would write its default, the bulk statement cannot.
      const { created_at: _created, ...gap } = user("bulk_gap");
      expect(await bulkInsert(trx, rt.deps.dialect, "users", [user("bulk_full"), gap as never])).toBeNull();
    });
    const stored = await rt.deps.db.selectFrom("users").select("email").where("username_key", "=", "bulk_229").executeTakeFirst();
    expect(stored).toEqual({ email: "bulk_229@example.test" });
  }, 120_000);

  it("builds the indexes again when the load fails", async () => {
    const rt = await runtime();
    const before = await indexesOf(rt);
    expect(before.length).toBeGreaterThan(PER_PERSON_TABLES.length);
    await expect(
      withIndexesDeferred(rt.deps.db, rt.deps.dialect, async () => {
        // While deferred, only what constraints need is left.
        expect((await indexesOf(rt)).length).toBeLessThan(before.length);
        throw new Error("load failed");
      }),
    ).rejects.toThrow("load failed");
    expect(await indexesOf(rt)).toEqual(before);
    expect(await pendingTableExists(rt)).toBe(false);
  }, 120_000);

  it("builds what a seed killed half-way left dropped before the reset deletes rows", async () => {
    const rt = await runtime();
    const before = await indexesOf(rt);
    const index = await someUsersIndex(rt);
    // What a killed seed leaves: the definition recorded, the index gone.
    await sql`CREATE TABLE seed_deferred_indexes (name TEXT PRIMARY KEY, "create" TEXT NOT NULL)`.execute(rt.deps.db);
    await sql`INSERT INTO seed_deferred_indexes (name, "create") VALUES (${index.name}, ${index.create})`.execute(rt.deps.db);
    await sql`DROP INDEX ${sql.id(index.name)}`.execute(rt.deps.db);
    expect(await indexesOf(rt)).not.toContain(index.name);
    await resetDemoData(rt.deps.db);
    expect(await indexesOf(rt)).toEqual(before);
    expect(await pendingTableExists(rt)).toBe(false);
  }, 120_000);
});
