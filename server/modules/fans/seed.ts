/**
 * The fans module's demo rows (issue 28 item 8): demo_escort offers two tiers, and demo_member holds a running
 * subscription to her whose first month went through the ledger like any other (dollars granted to demo_member, then
 * the period's creatorSale under fans:<id>:1), so the pages, the earnings and the reconciliation agree on a fresh install.
 */
import { FAN_SUBSCRIPTION_STATUS } from "../../contract/creators";
import { fanPeriodKey } from "../../contract/fans";
import { dialectOfDb } from "../../db/seed/reset";
import { demoIds, type SeedPart } from "../../db/seed/part";
import { dollarOperations, postOperationIn } from "../ledger/index";
import { periodEnd } from "./service";

/** Written in German, the demo's language; the creator writes their tiers in their own words. */
const DEMO_TIERS = [
  { name: "Fan", price: 9, benefits: "Jede Woche neue Fotos nur für Fans." },
  { name: "VIP", price: 25, benefits: "Alle Fan-Inhalte, dazu Videos und persönliche Grüße im Messenger." },
] as const;

/** What demo_member is given for the demo: the first month and a bit to spare. */
const DEMO_GRANT = 40;

export const fansPart: SeedPart = {
  name: "fans",
  async write({ trx, people, idOf, now }) {
    const ids = demoIds({ people, idOf }, ["demo_escort", "demo_member"] as const);
    if (!ids) return;
    const [creatorId, memberId] = ids;
    const tierIds: number[] = [];
    for (const [index, tier] of DEMO_TIERS.entries()) {
      const row = await trx
        .insertInto("fan_tiers")
        .values({ creator_id: creatorId, position: index + 1, ...tier, is_active: 1, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      tierIds.push(row.id);
    }
    const ledger = { db: trx, dialect: dialectOfDb(trx), clock: { now: () => now } };
    const grant = dollarOperations.grant(memberId, DEMO_GRANT);
    await postOperationIn(trx, ledger, {
      key: `seed:fans:grant:${memberId}`,
      kind: grant.kind,
      currency: "dollar",
      actorId: null,
      reference: null,
      transfers: grant.transfers,
    });
    const tier = DEMO_TIERS[0];
    const { id } = await trx
      .insertInto("fan_subscriptions")
      .values({
        subscriber_id: memberId,
        creator_id: creatorId,
        tier_id: tierIds[0]!,
        price: tier.price,
        status: FAN_SUBSCRIPTION_STATUS.running,
        method: "dollars",
        period_start: now,
        paid_until: periodEnd(now),
        periods_paid: 1,
        created_at: now,
        cancelled_at: null,
        ended_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const key = fanPeriodKey(id, 1);
    const sale = dollarOperations.creatorSale(memberId, creatorId, tier.price);
    const posted = await postOperationIn(trx, ledger, {
      key,
      kind: sale.kind,
      currency: "dollar",
      actorId: memberId,
      reference: key,
      transfers: sale.transfers,
    });
    await trx
      .insertInto("fan_subscription_periods")
      .values({
        subscription_id: id,
        period_index: 1,
        amount: tier.price,
        operation_id: posted.operationId,
        order_id: null,
        idempotency_key: key,
        created_at: now,
      })
      .execute();
  },
};
