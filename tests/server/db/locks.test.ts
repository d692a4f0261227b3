/**
 * The limits' lock (server/db/locks.ts, ADR 058): one registry of advisory lock spaces, and lockMembersForLimits,
 * which on PostgreSQL makes a second transaction of the same member and space wait until the first ends, and on
 * SQLite sends nothing (one transaction runs at a time there).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/index";
import { LOCK_SPACES, lockMembersForLimits } from "#server/db/locks";
import { createPostgresSchema, TEST_DB } from "../../helpers/runtime";

describe(`the limits' lock (${TEST_DB})`, () => {
  it("gives every lock space its own number", () => {
    const numbers = Object.values(LOCK_SPACES);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(Number.isInteger(n)).toBe(true);
  });

  if (TEST_DB === "sqlite") {
    it("sends no statement on SQLite, whose transactions already run one at a time", async () => {
      const statements: string[] = [];
      const handle = openDatabase(":memory:", { log: (event) => statements.push(event.query.sql) });
      try {
        await handle.db.transaction().execute(async (trx) => {
          statements.length = 0;
          await lockMembersForLimits(trx, handle.dialect, "dateRequests", [1, 2]);
          expect(statements).toEqual([]);
        });
        // The reason: Kysely keeps SQLite's one connection from BEGIN to COMMIT, so a second transaction (and any
        // query) starts only after the first ended.
        const order: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const first = handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          order.push("first in");
          await held;
          order.push("first out");
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        const second = handle.db.transaction().execute(async () => void order.push("second in"));
        await new Promise((resolve) => setTimeout(resolve, 20));
        release();
        await Promise.all([first, second]);
        expect(order).toEqual(["first in", "first out", "second in"]);
      } finally {
        await handle.close();
      }
    });
    return;
  }

  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase((await createPostgresSchema()).url, { poolSize: 4 });
  });
  afterAll(() => handle.close());

  // Advisory locks are per database, not per schema: ids no other test file's members have keep them apart.
  const [A, B, C] = [2_100_000_003, 2_100_000_007, 2_100_000_008];

  /** Which of these ids hold a granted advisory lock in a space now, seen from another connection. */
  const heldIn = async (space: number, ids: number[] = [A, B, C]) =>
    (
      await sql<{ objid: number }>`select objid from pg_locks
        where locktype = 'advisory' and classid = ${space} and objid::text::bigint = any(${ids}) and granted order by objid`.execute(
        handle.db,
      )
    ).rows.map((row) => Number(row.objid));

  it("makes a second transaction of the same member wait until the first ends; another member's goes on", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const firstLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = handle.db.transaction().execute(async (trx) => {
      await lockMembersForLimits(trx, "postgres", "dateRequests", [B, A]);
      locked();
      await held;
      order.push("first commits");
    });
    await firstLocked;
    // Both members held, whichever order the caller named them in.
    expect(await heldIn(LOCK_SPACES.dateRequests)).toEqual([A, B]);
    const same = handle.db.transaction().execute(async (trx) => {
      await lockMembersForLimits(trx, "postgres", "dateRequests", [B]);
      order.push("same member locked");
    });
    // Another member, and the same member in another space, do not wait.
    await handle.db.transaction().execute(async (trx) => {
      await lockMembersForLimits(trx, "postgres", "dateRequests", [C]);
      await lockMembersForLimits(trx, "postgres", "tours", [B]);
      order.push("others locked");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(["others locked"]);
    release();
    await Promise.all([first, same]);
    expect(order).toEqual(["others locked", "first commits", "same member locked"]);
    // Released with the transaction: nothing is left held.
    expect(await heldIn(LOCK_SPACES.dateRequests)).toEqual([]);
  });

  it("is released by a rollback too", async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await lockMembersForLimits(trx, "postgres", "blocks", [A]);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await heldIn(LOCK_SPACES.blocks)).toEqual([]);
  });
});
