/**
 * Repeated statements stay prepared (ADR 054): on PostgreSQL per connection under a name once a text has run
 * PREPARE_AFTER_RUNS times (server/db/prepared.ts), on SQLite in the handle's statement cache (server/db/index.ts).
 */
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, STATEMENT_CACHE_SIZE, withStatementCache, type DatabaseHandle } from "#server/db/index";
import { PLAN_PER_VALUES, PREPARE_AFTER_RUNS, STATEMENTS_PER_CONNECTION } from "#server/db/prepared";
import { createPostgresSchema, TEST_DB } from "../../helpers/runtime";

describe(`repeated statements stay prepared (${TEST_DB})`, () => {
  if (TEST_DB === "sqlite") {
    it("the SQLite handle answers the same text with the same statement, and keeps at most its cap", () => {
      const sqlite = new SQLite(":memory:");
      const cached = withStatementCache(sqlite);
      const first = cached.prepare("select ? as n");
      expect(cached.prepare("select ? as n")).toBe(first);
      for (let i = 0; i < STATEMENT_CACHE_SIZE; i++) cached.prepare(`select ${i} as n`);
      // The oldest text fell out of the cache: asked again, it is a new statement.
      expect(cached.prepare("select ? as n")).not.toBe(first);
      cached.close();
    });
    return;
  }

  let handle: DatabaseHandle;
  beforeAll(async () => {
    // One connection, so the statements seen in pg_prepared_statements are the ones the queries used.
    handle = openDatabase((await createPostgresSchema()).url, { poolSize: 1 });
    await sql`create table prepared_probe (id integer primary key, label text not null)`.execute(handle.db);
    await sql`insert into prepared_probe values (1, 'one'), (2, 'two')`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const probe = (id: number) =>
    handle.db
      .selectFrom("prepared_probe" as never)
      .select(["label" as never])
      .where("id" as never, "=", id as never);
  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map((r) => r.statement);

  it("names a text once it has run often enough, and answers it correctly from then on", async () => {
    const text = probe(1).compile().sql;
    for (let run = 1; run < PREPARE_AFTER_RUNS; run++) await probe(1).execute();
    expect(await prepared()).not.toContain(text);
    await probe(1).execute();
    expect(await prepared()).toContain(text);
    expect(await probe(2).execute()).toEqual([{ label: "two" }]);
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it("a query marked PLAN_PER_VALUES is never named, however often it runs", async () => {
    const perValues = () => probe(2).modifyEnd(PLAN_PER_VALUES);
    for (let run = 0; run < PREPARE_AFTER_RUNS * 2; run++) expect(await perValues().execute()).toEqual([{ label: "two" }]);
    expect(await prepared()).not.toContain(perValues().compile().sql);
  });

  it("keeps at most its cap of statements per connection, deallocating the least recently used", async () => {
    const first = probe(1).compile().sql;
    await probe(1).execute();
    for (let i = 0; i < STATEMENTS_PER_CONNECTION; i++) {
      const other = sql`select label from prepared_probe where id = ${1} and ${sql.lit(i)} >= 0`;
      for (let run = 0; run < PREPARE_AFTER_RUNS; run++) await other.execute(handle.db);
    }
    const statements = await prepared();
    expect(statements.length).toBeLessThanOrEqual(STATEMENTS_PER_CONNECTION);
    expect(statements).not.toContain(first);
    // Asked again, the evicted text still answers (unnamed until it has run often enough once more).
    expect(await probe(1).execute()).toEqual([{ label: "one" }]);
  });

  it("a statement whose result columns changed fails once, then is prepared anew", async () => {
    const wide = () =>
      handle.db
        .selectFrom("prepared_probe" as never)
        .selectAll()
        .where("id" as never, "=", 1 as never);
    for (let run = 0; run < PREPARE_AFTER_RUNS + 1; run++) await wide().execute();
    await sql`alter table prepared_probe add column extra text`.execute(handle.db);
    await expect(wide().execute()).rejects.toMatchObject({ code: "0A000" });
    expect(await wide().execute()).toEqual([{ id: 1, label: "one", extra: null }]);
  });
});
