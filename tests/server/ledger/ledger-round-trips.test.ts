/**
 * What one operation costs in statements (issue 27 "Measured when done", ADR 087): on PostgreSQL a posting and its
 * retry are one round trip each (`ledger_post_operation`), an insufficient one too; SQLite keeps the stepwise path,
 * whose retry reads the first answer without opening a transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`ledger round trips (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const statements: string[] = [];
  beforeAll(async () => {
    rt = await createTestRuntime({ onQuery: (sql) => statements.push(sql) });
  });
  afterAll(async () => {
    await rt.close();
  });

  /** The statements `run` sends to the database. */
  async function counted(run: () => Promise<unknown>): Promise<string[]> {
    const before = statements.length;
    await run();
    return statements.slice(before);
  }

  it("posts, retries and refuses in one statement each on PostgreSQL; SQLite's retry is reads only", async () => {
    const payer = (await createUser(rt)).id;
    const receiver = (await createUser(rt)).id;
    // The accounts' first use creates them (outside the money's round trip, once per process).
    await postOperation(rt.deps, { key: "rt-buy", currency: "dollar", actorId: payer, ...dollarOperations.purchase(payer, 10) });
    await postOperation(rt.deps, { key: "rt-warm", currency: "dollar", actorId: payer, ...dollarOperations.tip(payer, receiver, 1) });

    const tip = { key: "rt-tip", currency: "dollar" as const, actorId: payer, ...dollarOperations.tip(payer, receiver, 5) };
    const posted = await counted(() => postOperation(rt.deps, tip));
    const retried = await counted(() => postOperation(rt.deps, tip));
    const refused = await counted(() =>
      postOperation(rt.deps, { key: "rt-too-much", currency: "dollar", actorId: payer, ...dollarOperations.tip(payer, receiver, 50) }),
    );
    if (TEST_DB === "postgres") {
      expect(posted).toHaveLength(1);
      expect(posted[0]).toContain("ledger_post_operation");
      expect(retried).toHaveLength(1);
      expect(refused).toHaveLength(1);
    } else {
      expect(posted.length).toBeGreaterThan(1);
      expect(retried.every((sql) => /^\s*select/i.test(sql))).toBe(true);
    }
    expect(await postOperation(rt.deps, tip)).toMatchObject({ status: "succeeded", moved: 5, replayed: true });
  });
});
