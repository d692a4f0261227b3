/**
 * The ledger under concurrency (issue 27 "Measured", ADR 073), on SQLite and PostgreSQL. On PostgreSQL the
 * operations run on a pool of 20 connections, so they really overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/index";
import { dollarOperations, memberBalances, postOperation, reconcileLedger, type LedgerDeps } from "#server/modules/ledger/index";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`ledger concurrency (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let wide: DatabaseHandle | null = null;
  let deps: LedgerDeps;
  beforeAll(async () => {
    rt = await createTestRuntime();
    wide = TEST_DB === "postgres" ? openDatabase(rt.deps.config.databaseUrl, { poolSize: 20 }) : null;
    deps = { db: (wide ?? rt.database).db, dialect: rt.deps.dialect, clock: rt.clock };
  });
  afterAll(async () => {
    await wide?.close();
    await rt.close();
  });

  it("100 tips of 5 at once from a wallet of 100: exactly 20 succeed, the rest are insufficient, the balance ends at 0", async () => {
    const payer = (await createUser(rt)).id;
    const creator = (await createUser(rt)).id;
    await postOperation(deps, { key: "fund-100", currency: "dollar", actorId: payer, ...dollarOperations.purchase(payer, 100) });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postOperation(deps, { key: `tip-${i}`, currency: "dollar", actorId: payer, ...dollarOperations.tip(payer, creator, 5) }),
      ),
    );
    expect(results.filter((r) => r.status === "succeeded")).toHaveLength(20);
    expect(results.filter((r) => r.status === "insufficient")).toHaveLength(80);
    expect(await memberBalances(deps, payer, "dollar")).toMatchObject({ wallet: 0 });
    expect(await memberBalances(deps, creator, "dollar")).toMatchObject({ pending: 100 });
  });

  it("one key sent 20 times at once moves the money once and answers every attempt with the same operation", async () => {
    const buyer = (await createUser(rt)).id;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        postOperation(deps, { key: "same-key", currency: "dollar", actorId: buyer, ...dollarOperations.purchase(buyer, 30) }),
      ),
    );
    expect(new Set(results.map((r) => r.operationId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await memberBalances(deps, buyer, "dollar")).wallet).toBe(30);
  });

  it("members tipping each other in both directions at once never deadlock and keep the sum", async () => {
    const a = (await createUser(rt)).id;
    const b = (await createUser(rt)).id;
    for (const [key, who] of [
      ["fund-a", a],
      ["fund-b", b],
    ] as const)
      await postOperation(deps, { key, currency: "dollar", actorId: who, ...dollarOperations.purchase(who, 300) });
    // Gifts land in the wallet: both rows change in every transaction, in both orders. 30 × 7 each way stays below
    // 300, so every gift succeeds whatever the order.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
        return postOperation(deps, { key: `gift-${i}`, currency: "dollar", actorId: from, ...dollarOperations.gift(from, to, 7) });
      }),
    );
    expect(results.every((r) => r.status === "succeeded")).toBe(true);
    const [wa, wb] = [(await memberBalances(deps, a, "dollar")).wallet, (await memberBalances(deps, b, "dollar")).wallet];
    expect(wa + wb).toBe(600);
    const report = await reconcileLedger(deps, "dollar");
    expect({ negative: report.negative, mismatched: report.mismatched, imbalance: report.imbalance }).toEqual({
      negative: 0,
      mismatched: 0,
      imbalance: 0,
    });
  });
});
