/**
 * The dollar good (issue 27 item 2) on both databases: the packages, one delivery per order however often the
 * checkout calls it, and a chargeback that takes back what is left and books what was spent as the platform's loss
 * (the creator keeps a tip), the ledger reconciled after each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettledOrder } from "#server/contract/billing";
import { DOLLAR_PACKAGES } from "#server/contract/wallet";
import { dollarOperations, reconcileLedger, systemBalance } from "#server/modules/ledger/index";
import { dollarBalances, spendDollars } from "#server/modules/wallet/index";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`the dollar good (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const goods = () => rt.deps.features.goods.get("dollar")!;
  let seq = 0;
  const orderFor = (userId: number, sku = "dollars-100"): SettledOrder => ({
    id: 900_000 + ++seq,
    public_id: `dollar-test-${seq}`,
    user_id: userId,
    goods: "dollar",
    sku,
    kind: "normal",
    gross_cents: DOLLAR_PACKAGES.find((p) => p.sku === sku)!.priceCents,
    membership_id: null,
    paid_at: rt.clock.now(),
  });
  const fulfil = (order: SettledOrder) => rt.deps.db.transaction().execute((trx) => goods().fulfil(trx, rt.deps, order));
  const chargeBack = (order: SettledOrder) => rt.deps.db.transaction().execute((trx) => goods().revoke(trx, rt.deps, order, "chargeback"));

  it("sells the packages from the base package of 100 as digital content, and no unknown sku", async () => {
    const buyer = await createUser(rt);
    const offers = await goods().catalogue(rt.deps, buyer.id);
    expect(offers.map((o) => o.sku)).toEqual(DOLLAR_PACKAGES.map((p) => p.sku));
    expect(offers[0]).toMatchObject({ goods: "dollar", gross_cents: 1900, item_type: 4, digital_content: true, months: 0 });
    expect(await goods().quote(rt.deps, buyer.id, "dollars-7")).toBeNull();
  });

  it("credits an order's dollars once, however often it is delivered", async () => {
    const buyer = await createUser(rt);
    const order = orderFor(buyer.id, "dollars-250");
    await fulfil(order);
    await fulfil(order);
    expect((await dollarBalances(rt.deps, buyer.id)).available).toBe(250);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  it("a chargeback takes back what is left; the spent part is the platform's loss and the creator keeps the tip", async () => {
    const buyer = await createUser(rt);
    const creator = await createUser(rt);
    const order = orderFor(buyer.id);
    await fulfil(order);
    const tip = await spendDollars(rt.deps, {
      payer: buyer.id,
      key: `t-${TEST_DB}-${seq}`,
      operation: dollarOperations.tip(buyer.id, creator.id, 30),
    });
    expect(tip).toMatchObject({ status: "succeeded", amount: 30, balance: 70 });
    const lossBefore = await systemBalance(rt.deps, "chargeback_loss", "dollar");
    await chargeBack(order);
    await chargeBack(order);
    expect(await dollarBalances(rt.deps, buyer.id)).toMatchObject({ available: 0 });
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 30 });
    expect((await systemBalance(rt.deps, "chargeback_loss", "dollar")) - lossBefore).toBe(-30);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });
});
