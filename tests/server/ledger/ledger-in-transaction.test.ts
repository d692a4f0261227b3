/**
 * postOperationIn (issue 26, ADR 075): euro postings inside the caller's transaction commit with it or not at all, and
 * a key posts once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { euroOperations, postOperationIn, reconcileLedger, systemBalance, vatShare } from "#server/modules/ledger/index";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`ledger postings in the caller's transaction (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("a rolled-back caller leaves nothing; a committed one books once per key", async () => {
    const before = await systemBalance(rt.deps, "provider_clearing", "euro");
    await expect(
      rt.deps.db.transaction().execute(async (trx) => {
        await postOperationIn(trx, rt.deps, { key: "in-trx-1", currency: "euro", actorId: null, ...euroOperations.charge(1680, 319) });
        throw new Error("the caller fails");
      }),
    ).rejects.toThrow("the caller fails");
    expect(await systemBalance(rt.deps, "provider_clearing", "euro")).toBe(before);
    for (let i = 0; i < 2; i += 1) {
      await rt.deps.db.transaction().execute(async (trx) => {
        await postOperationIn(trx, rt.deps, { key: "in-trx-1", currency: "euro", actorId: null, ...euroOperations.charge(1680, 319) });
      });
    }
    expect((await systemBalance(rt.deps, "provider_clearing", "euro")) - before).toBe(1999);
    const report = await reconcileLedger(rt.deps, "euro");
    expect(report.imbalance).toBe(0);
  });

  it("the VAT parts of any split of a refund add up to the order's VAT", () => {
    const gross = 1999;
    const vat = 319;
    for (const parts of [[1, 1998], [333, 333, 333, 1000], [1000, 999], [1999]]) {
      let before = 0;
      let sum = 0;
      for (const part of parts) {
        sum += vatShare(gross, vat, before, part);
        before += part;
      }
      expect(sum).toBe(vat);
    }
  });
});
