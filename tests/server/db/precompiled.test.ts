/**
 * Statements built once (ADR 148, server/db/precompiled.ts): the same SQL text Kysely builds per call, each call's
 * values bound in their slots (a slot used twice gets its value twice), fixed values kept, one build per handle.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompiled, type Slots } from "#server/db/precompiled";
import type { DB } from "#server/db/index";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`statements built once (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  const dynamic = (db: DB, id: number, createdAfter: number) =>
    db
      .selectFrom("users")
      .select(["id", "username"])
      .where("id", "=", id)
      .where("status", "not in", ["banned", "deleted"])
      .where((eb) => eb.or([eb("created_at", ">", createdAfter), eb("created_at", "=", createdAfter)]));

  let builds = 0;
  const byId = precompiled((db, slot: Slots<{ id: number; after: number }>) => {
    builds += 1;
    return dynamic(db, slot("id"), slot("after"));
  });

  it("answers what the statement built per call answers, for every call's values", async () => {
    const a = await createUser(rt);
    const b = await createUser(rt);
    for (const [id, after] of [
      [a.id, 0],
      [b.id, 0],
      [a.id, rt.clock.now() + 1],
      [999_999, 0],
    ] as const) {
      expect(await byId(rt.deps.db, { id, after })).toEqual(await dynamic(rt.deps.db, id, after).execute());
    }
    expect((await byId(rt.deps.db, { id: b.id, after: 0 }))[0]?.username).toBe(b.username);
    expect(builds).toBe(1);
  });

  it("runs the SQL text Kysely builds, so the statement caches see one text", async () => {
    const once = precompiled((db, slot: Slots<{ id: number; after: number }>) => dynamic(db, slot("id"), slot("after")));
    const seen: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const db = rt.deps.db;
    const original = db.executeQuery.bind(db);
    db.executeQuery = ((query: { sql: string; parameters: readonly unknown[] }) => {
      seen.push({ sql: query.sql, parameters: query.parameters });
      return original(query as never);
    }) as typeof db.executeQuery;
    try {
      await once(db, { id: 7, after: 5 });
    } finally {
      db.executeQuery = original;
    }
    const expected = dynamic(db, 7, 5).compile();
    expect(seen).toEqual([{ sql: expected.sql, parameters: expected.parameters }]);
  });
});
