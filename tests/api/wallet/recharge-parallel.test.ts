/**
 * Auto recharge's monthly limit under 20 spends at once (ADR 058 style, issue 27): a member with stored payment and
 * recharges left for this month gets exactly what is left, however the spends interleave (PostgreSQL: side by side
 * under LOCK_SPACES.autoRecharge; SQLite: one transaction at a time), and every started recharge is a paid order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_RECHARGE_MONTHLY_MAX } from "#server/contract/wallet";
import { dollarOperations, reconcileLedger } from "#server/modules/ledger/index";
import { spendDollars } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { BURST_SIZE, burst } from "../../helpers/burst";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { contract } from "../renewals/fixtures";

describe(`auto recharge under ${BURST_SIZE} parallel spends (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  it(`starts only the recharges left of the month's ${AUTO_RECHARGE_MONTHLY_MAX}`, async () => {
    const { user } = await contract(rt);
    await callJson(rt, user.token, "PUT", "/api/v2/wallets/auto-recharge", { enabled: true, sku: "dollars-100" });
    const left = 3;
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("wallet_recharges")
      .values(
        Array.from({ length: AUTO_RECHARGE_MONTHLY_MAX - left }, (_, i) => ({
          user_id: user.id,
          spend_key: `earlier-${TEST_DB}-${i}`,
          sku: "dollars-100",
          order_id: null,
          outcome: "charged",
          created_at: now - i * 1000,
        })),
      )
      .execute();
    const count = async () =>
      Number(
        (
          await rt.deps.db
            .selectFrom("wallet_recharges")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("user_id", "=", user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Each spend takes a whole package: no recharge's dollars cover another spend for long.
    const outcome = await burst(async (i) => {
      const answer = await spendDollars(rt.deps, {
        payer: user.id,
        key: `burst-${TEST_DB}-${i}`,
        operation: dollarOperations.spend(user.id, 100, "CONSUME"),
        reference: null,
      });
      return { status: answer.status === "succeeded" ? 200 : 402 };
    }, count);
    expect(outcome.created).toBe(left);
    const paid = await rt.deps.db
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", user.id)
      .where("goods", "=", "dollar")
      .where("status", "=", "paid")
      .execute();
    expect(paid).toHaveLength(left);
    // What was bought was spent, or is still in the wallet: never more spent than bought.
    expect(outcome.statuses[200] ?? 0).toBeLessThanOrEqual(left);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });
});
