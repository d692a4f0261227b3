/**
 * Auto recharge only for members whose plus contract renews (issue 27's leftovers, item 3; ADR 081 addendum): a
 * running or past-due renewing contract with a stored payment offers it; a cancelled, one-off or ended contract does
 * not — the wallet answers why, turning it on is refused at the field, and a stored "on" from before is skipped by the
 * run (no recharge row, no order, the spend stays insufficient). Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DollarWallet } from "#server/contract/wallet";
import { dollarOperations } from "#server/modules/ledger/index";
import { spendDollars } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { contract, type ContractOptions } from "../renewals/fixtures";

interface Answer {
  data?: DollarWallet;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`auto recharge needs a renewing plus contract (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  const put = (token: string, enabled: boolean) =>
    callJson<Answer>(rt, token, "PUT", "/api/v2/wallets/auto-recharge", { enabled, sku: "dollars-100" });
  const wallet = async (token: string) => (await callJson<Answer>(rt, token, "GET", "/api/v2/wallets/dollar")).json.data!;
  const spend = (payer: number) =>
    spendDollars(rt.deps, {
      payer,
      key: `renewing-${TEST_DB}-${++seq}-${Date.now()}`,
      operation: dollarOperations.spend(payer, 30, "CONSUME"),
      reference: null,
    });
  const rechargesOf = (userId: number) => rt.deps.db.selectFrom("wallet_recharges").select("id").where("user_id", "=", userId).execute();
  const dollarOrdersOf = (userId: number) =>
    rt.deps.db.selectFrom("orders").select("id").where("user_id", "=", userId).where("goods", "=", "dollar").execute();
  /** The member turned it on while the contract renewed; then the contract changed (cancelled, ended, …). */
  const onThenChanged = async (change: Partial<{ status: string; ends_at: number | null; renewable: number; period_end: number }>) => {
    const made = await contract(rt);
    expect((await put(made.user.token, true)).status).toBe(200);
    await rt.deps.db
      .updateTable("memberships")
      .set(change as never)
      .where("id", "=", made.membershipId)
      .execute();
    return made;
  };

  it.each<[string, ContractOptions]>([
    ["running", {}],
    ["past due (dunning charges it again)", { status: "past_due" }],
  ])("a %s renewing contract offers it, and turning it on and off saves", async (_name, options) => {
    const { user } = await contract(rt, options);
    expect((await wallet(user.token)).auto_recharge).toMatchObject({ enabled: false, stored_payment: true, unavailable: null });
    expect((await put(user.token, true)).json.data!.auto_recharge).toMatchObject({ enabled: true, unavailable: null });
    expect((await put(user.token, false)).json.data!.auto_recharge).toMatchObject({ enabled: false, unavailable: null });
  });

  it("a cancelled contract: shown off with the reason, turning on refused at the field, a stored 'on' skipped by the run", async () => {
    const now = rt.clock.now();
    const { user } = await onThenChanged({ status: "cancelled", ends_at: now + 12 * 60 * 60 * 1000 });
    expect((await wallet(user.token)).auto_recharge).toMatchObject({
      enabled: false,
      stored_payment: false,
      unavailable: "renewal_cancelled",
    });
    const refused = await put(user.token, true);
    expect(refused.status).toBe(409);
    expect(refused.json.errors?.[0]).toMatchObject({ key: "exception.wallet.auto_recharge_renewal_cancelled", source: "enabled" });
    // The stored "on" from before the cancellation: the spend finds too little, and no recharge starts.
    expect((await spend(user.id)).status).toBe("insufficient");
    expect(await rechargesOf(user.id)).toEqual([]);
    expect(await dollarOrdersOf(user.id)).toEqual([]);
    // Off can always be saved, and stays off when the contract renews again.
    expect((await put(user.token, false)).status).toBe(200);
    await rt.deps.db.updateTable("memberships").set({ status: "running", ends_at: null }).where("user_id", "=", user.id).execute();
    expect((await wallet(user.token)).auto_recharge).toMatchObject({ enabled: false, unavailable: null });
  });

  it("a one-off contract that runs to its end counts as not renewing", async () => {
    const { user } = await onThenChanged({ renewable: 0 });
    expect((await wallet(user.token)).auto_recharge.unavailable).toBe("renewal_cancelled");
    expect((await spend(user.id)).status).toBe("insufficient");
    expect(await rechargesOf(user.id)).toEqual([]);
  });

  it("an ended contract (or a period past its end): no renewing plus, the run skips the member", async () => {
    const now = rt.clock.now();
    for (const change of [{ status: "ended" }, { period_end: now - 1000 }]) {
      const { user } = await onThenChanged(change);
      expect((await wallet(user.token)).auto_recharge).toMatchObject({ enabled: false, unavailable: "no_renewing_plus" });
      const refused = await put(user.token, true);
      expect(refused.status).toBe(409);
      expect(refused.json.errors?.[0]).toMatchObject({ key: "exception.wallet.auto_recharge_no_renewing_plus", source: "enabled" });
      expect((await spend(user.id)).status).toBe("insufficient");
      expect(await rechargesOf(user.id)).toEqual([]);
      expect(await dollarOrdersOf(user.id)).toEqual([]);
    }
  });

  it("a renewing contract without a stored payment (granted) cannot offer it", async () => {
    const { user } = await contract(rt, { token: null });
    expect((await wallet(user.token)).auto_recharge).toMatchObject({ unavailable: "no_stored_payment", stored_payment: false });
    const refused = await put(user.token, true);
    expect(refused.status).toBe(409);
    expect(refused.json.errors?.[0]).toMatchObject({ key: "exception.wallet.auto_recharge_no_stored_payment", source: "enabled" });
  });

  it("taking the cancellation back makes it run again with the setting kept", async () => {
    const now = rt.clock.now();
    const made = await onThenChanged({ status: "cancelled", ends_at: now + 12 * 60 * 60 * 1000 });
    expect((await spend(made.user.id)).status).toBe("insufficient");
    await rt.deps.db.updateTable("memberships").set({ status: "running", ends_at: null }).where("id", "=", made.membershipId).execute();
    expect((await wallet(made.user.token)).auto_recharge).toMatchObject({ enabled: true, unavailable: null });
    expect((await spend(made.user.id)).status).toBe("succeeded");
    expect(await rechargesOf(made.user.id)).toHaveLength(1);
  });
});
