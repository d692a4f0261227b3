/**
 * The creator's earnings chart (issue 28 item 6, ADR 095): the ledger's transfers into the creator's pending account,
 * per Berlin day and kind — bundles, pay-per-view media, fan subscriptions (creator sales by reference) and tips. A
 * retried sale (same key) counts once, a release out of pending is no earning, and nobody sees another's earnings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardCharts } from "#server/contract/dashboard";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation, type DollarOperation } from "#server/modules/ledger/index";
import { earningSeriesOf } from "#server/modules/dashboard/earnings";
import { createTestRuntime, listedMemberWith, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const DAY = 24 * 60 * 60 * 1000;

describe(`dashboard earnings (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  let seq = 0;
  async function post(operation: DollarOperation, reference: string | null, key = `earn-${TEST_DB}-${++seq}`) {
    const result = await postOperation(rt.deps, {
      key,
      kind: operation.kind,
      currency: "dollar",
      actorId: null,
      reference,
      transfers: operation.transfers,
    });
    expect(result.status).toBe("succeeded");
  }

  async function charts(token: string, query = "?range=7") {
    const response = await rt.request(`/api/v2/dashboard/charts${query}`, { token });
    return { status: response.status, body: (await response.json()) as { data: DashboardCharts } };
  }

  it("sums each day's bundles, pay-per-view, fan periods and tips from the ledger, once per operation", async () => {
    const creator = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const rival = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const buyer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    await post(dollarOperations.grant(buyer.id, 500), null);

    // Yesterday: a bundle and a tip.
    await post(dollarOperations.creatorSale(buyer.id, creator.id, 12), "bundle:1", "bundle:k1");
    await post(dollarOperations.tip(buyer.id, creator.id, 5), `medium:7`);
    rt.clock.advance(DAY);
    // Today: a pay-per-view medium (retried with its key: one sale), a fan period, another bundle, a sale to someone else.
    await post(dollarOperations.creatorSale(buyer.id, creator.id, 9), "medium:3", "medium:k2");
    await post(dollarOperations.creatorSale(buyer.id, creator.id, 9), "medium:3", "medium:k2");
    await post(dollarOperations.creatorSale(buyer.id, creator.id, 20), "fans:4:1");
    await post(dollarOperations.creatorSale(buyer.id, creator.id, 3), "bundle:2");
    await post(dollarOperations.creatorSale(buyer.id, rival.id, 50), "bundle:9");
    // The probation's release moves dollars out of pending: no earning.
    await post(dollarOperations.release(creator.id, 5), "release");

    const fresh = await signIn(rt, creator);
    const { status, body } = await charts(fresh.token);
    expect(status).toBe(200);
    const earnings = body.data.earnings;
    expect(earnings.series.bundles.slice(-2)).toEqual([12, 3]);
    expect(earnings.series.tips.slice(-2)).toEqual([5, 0]);
    expect(earnings.series.ppv.slice(-2)).toEqual([0, 9]);
    expect(earnings.series.fans.slice(-2)).toEqual([0, 20]);
    expect(earnings.series.bundles.slice(0, -2).every((n) => n === 0)).toBe(true);
    expect(earnings.totals).toEqual({ bundles: 15, ppv: 9, fans: 20, tips: 5 });
    expect(earnings.total).toBe(49);

    // The rival's chart holds the rival's sale only; there is no parameter naming another member.
    const rivalChart = await charts((await signIn(rt, rival)).token);
    expect(rivalChart.body.data.earnings.totals).toEqual({ bundles: 50, ppv: 0, fans: 0, tips: 0 });
    expect((await charts(fresh.token, `?range=7&user_id=${rival.id}`)).status).toBe(400);
    // A client (the buyer) has no charts at all.
    expect((await charts((await signIn(rt, buyer)).token)).status).toBe(403);
  });

  it("places a sale on its Berlin day: 23:30 UTC on 1 July is already 2 July in Berlin", async () => {
    const creator = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const buyer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    rt.clock.set(Date.UTC(2027, 6, 1, 23, 30));
    await post(dollarOperations.grant(buyer.id, 100), null);
    await post(dollarOperations.creatorSale(buyer.id, creator.id, 4), "bundle:5");
    const { body } = await charts((await signIn(rt, creator)).token);
    expect(body.data.days.at(-1)).toBe("2027-07-02");
    expect(body.data.earnings.series.bundles.at(-1)).toBe(4);
  });

  it("reads operation kinds and references as the ledger writes them", () => {
    expect(earningSeriesOf("CONSUME", "bundle:1")).toBe("bundles");
    expect(earningSeriesOf("CONSUME", "medium:1")).toBe("ppv");
    expect(earningSeriesOf("CONSUME", "fans:1:2")).toBe("fans");
    expect(earningSeriesOf("TRANSFER", "profile:1")).toBe("tips");
    expect(earningSeriesOf("CONSUME", null)).toBeNull();
    expect(earningSeriesOf("CONSUME", "boost:1")).toBeNull();
    expect(earningSeriesOf("DEFROST", "bundle:1")).toBeNull();
  });
});
