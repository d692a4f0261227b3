/**
 * The fan subscriptions' renewals (issue 28 item 3, ADR 094), run from the job table: `fan_subscriptions.renew` takes the
 * subscriptions whose paid period is over, one at a time, and
 * - a cancelled one ends (ended_at = paid_until; the fan is told);
 * - a running one paid with dollars is charged the next period through the ledger under fans:<id>:<period> and gets
 *   its period row and new paid_until in the same transaction; a wallet that does not cover it goes through
 *   spendDollars, which buys dollars with the fan's stored payment when they opted in to auto recharge; still not
 *   covered, the subscription ends and the fan and the creator are told;
 * - a running one paid by card is charged the next month by a follow-up order with its stored payment
 *   (./card-renewals.ts); the paid order's delivery records the period; a failed charge ends it and tells both; one
 *   without a stored payment (bought before renewals by card existed) ends at its period's end.
 *
 * Running twice, or in two processes at once, charges once: the ledger key answers a repeated post with the first
 * result, the period row is unique per (subscription, period_index), and every write happens under the fan's lock
 * after reading the subscription again.
 */
import type { Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { FAN_SUBSCRIPTION_STATUS } from "../../contract/creators";
import { fanPeriodKey } from "../../contract/fans";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import { isBlockedBetween } from "../access/index";
import { LedgerInsufficient, postOperationIn } from "../ledger/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { notifyWalletChanged, spendDollars } from "../wallet/index";
import { chargeCardPeriod } from "./card-renewals";
import { lockFan, periodOperation, recordPeriod, type SubscriptionRow } from "./service";

/** How often the scan runs: a subscription renews within this after its period ends. */
export const RENEWAL_INTERVAL_MS = 60 * 60 * 1000;
/** Account states (of the fan or the creator) in which no further month is charged. */
const ACCOUNT_GONE: readonly string[] = ["deleted", "banned"];
/** Subscriptions taken per query of the scan (it repeats until none is due). */
const BATCH = 200;

export type RenewalOutcome = "renewed" | "ended" | "failed" | "pending" | "skipped";

export interface RenewalRun {
  renewed: number;
  ended: number;
  failed: number;
  pending: number;
  skipped: number;
}

const readSubscription = (trx: Transaction<Database>, id: number) =>
  trx.selectFrom("fan_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();

/** Still waiting for this run: not ended, its paid period over. */
const isDue = (row: SubscriptionRow | undefined, now: number): row is SubscriptionRow =>
  row !== undefined && row.ended_at === null && Number(row.paid_until) <= now;

/** Ends a subscription whose period is over (conditional: only the first run that finds it live ends it). */
async function end(trx: Transaction<Database>, row: SubscriptionRow, at: number): Promise<boolean> {
  const updated = await trx
    .updateTable("fan_subscriptions")
    .set({ ended_at: at })
    .where("id", "=", row.id)
    .where("ended_at", "is", null)
    .where("periods_paid", "=", row.periods_paid)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The notifications of an end: the fan always; the creator too when a renewal failed (they lost a paying fan). */
async function tellEnd(deps: ApiDeps, trx: Transaction<Database>, row: SubscriptionRow, failed: boolean): Promise<NotificationHints> {
  const subject = { type: "fan_subscription", id: row.id };
  const fan = await notify(deps, trx, {
    userId: row.subscriber_id,
    event: failed ? "fan_renewal_failed" : "fan_subscription_ended",
    actorId: row.creator_id,
    subject,
    params: { amount: String(row.price) },
    url: `user/fans/${row.id}`,
    dedupeKey: `fans-end:${row.id}`,
  });
  if (!failed) return fan;
  const creator = await notify(deps, trx, {
    userId: row.creator_id,
    event: "fan_subscription_lost",
    actorId: row.subscriber_id,
    subject,
    params: { amount: String(row.price) },
    url: "user/fan_subscribers",
    dedupeKey: `fans-lost:${row.id}`,
  });
  return [...fan, ...creator];
}

/**
 * Whether the fan may still be charged for the creator: neither account deleted or banned (a pause keeps the
 * subscription) and no block between the two. Otherwise no further month is charged: the subscription ends.
 */
async function bothStillThere(trx: Transaction<Database>, deps: ApiDeps, row: SubscriptionRow): Promise<boolean> {
  const accounts = await trx.selectFrom("users").select("status").where("id", "in", [row.creator_id, row.subscriber_id]).execute();
  if (accounts.length !== 2 || accounts.some((account) => ACCOUNT_GONE.includes(account.status))) return false;
  // Asked in the transaction (SQLite's one connection is held by it), by the access kernel's one block rule.
  return !(await isBlockedBetween({ ...deps, db: trx }, row.subscriber_id, row.creator_id));
}

type FirstStep =
  | { kind: "done"; outcome: RenewalOutcome; hints: NotificationHints; moved: boolean }
  | { kind: "spend" | "card"; row: SubscriptionRow; period: number };

/** A card subscription the renewal can charge: it has the stored payment of its last paid order. */
const renewsByCard = (row: SubscriptionRow) => row.method === "card" && row.payment_token !== null;

/**
 * Renews (or ends) one subscription. The first transaction tries the charge in place; only when the wallet does not
 * cover it does the spend leave the transaction (spendDollars may buy dollars by card first, which is no work to do
 * under a database lock), and a second transaction records what it led to.
 */
export async function renewSubscription(deps: ApiDeps, id: number): Promise<RenewalOutcome> {
  const now = deps.clock.now();
  const first = await firstStep(deps, id, now);
  if (first.kind === "done") {
    await publishNotificationHints(deps, first.hints);
    if (first.moved) await walletsChanged(deps, id);
    return first.outcome;
  }
  return first.kind === "card" ? renewByCard(deps, first.row, first.period) : renewThroughSpend(deps, first.row, first.period);
}

async function firstStep(deps: ApiDeps, id: number, now: number): Promise<FirstStep> {
  // Set before the charge: when the wallet does not cover it, the spend path continues with this subscription.
  let attempted: { row: SubscriptionRow; period: number } | null = null;
  try {
    return await deps.db.transaction().execute(async (trx): Promise<FirstStep> => {
      const peek = await readSubscription(trx, id);
      if (!peek) return { kind: "done", outcome: "skipped", hints: [], moved: false };
      await lockFan(trx, deps, peek.subscriber_id);
      const row = await readSubscription(trx, id);
      if (!isDue(row, now)) return { kind: "done", outcome: "skipped", hints: [], moved: false };
      const renewable = row.method === "dollars" || renewsByCard(row);
      if (row.status === FAN_SUBSCRIPTION_STATUS.cancel || !renewable || !(await bothStillThere(trx, deps, row))) {
        const ended = await end(trx, row, Number(row.paid_until));
        return {
          kind: "done",
          outcome: ended ? "ended" : "skipped",
          hints: ended ? await tellEnd(deps, trx, row, false) : [],
          moved: false,
        };
      }
      const period = row.periods_paid + 1;
      // A card charge talks to the provider: never under the lock (./card-renewals.ts makes the order, then charges).
      if (row.method === "card") return { kind: "card", row, period };
      const key = fanPeriodKey(row.id, period);
      const operation = periodOperation(row);
      attempted = { row, period };
      const posted = await postOperationIn(trx, deps, {
        key,
        kind: operation.kind,
        currency: "dollar",
        actorId: row.subscriber_id,
        reference: key,
        transfers: operation.transfers,
      });
      // An earlier run recorded this key as not covered: the spend path answers what became of it (a recharge).
      if (posted.status !== "succeeded") return { kind: "spend", row, period };
      const advanced = await recordPeriod(trx, row, period, { operationId: posted.operationId, orderId: null, amount: row.price }, now);
      return { kind: "done", outcome: advanced ? "renewed" : "skipped", hints: [], moved: advanced && !posted.replayed };
    });
  } catch (error) {
    // Not covered: postOperationIn threw, and the whole transaction rolled back (the ledger had claimed the key and may
    // have moved a balance in it) — it must never be caught inside. The spend path takes over.
    if (error instanceof LedgerInsufficient && attempted !== null) {
      const { row, period } = attempted as { row: SubscriptionRow; period: number };
      return { kind: "spend", row, period };
    }
    throw error;
  }
}

async function walletsChanged(deps: ApiDeps, id: number): Promise<void> {
  const row = await deps.db.selectFrom("fan_subscriptions").select(["subscriber_id", "creator_id"]).where("id", "=", id).executeTakeFirst();
  if (!row) return;
  await Promise.all([notifyWalletChanged(deps, row.subscriber_id), notifyWalletChanged(deps, row.creator_id)]);
}

/** Ends a due subscription whose renewal could not be paid and tells the fan and the creator (once). */
async function endUnpaid(deps: ApiDeps, due: SubscriptionRow, period: number): Promise<RenewalOutcome> {
  const now = deps.clock.now();
  const result = await deps.db.transaction().execute(async (trx): Promise<{ outcome: RenewalOutcome; hints: NotificationHints }> => {
    await lockFan(trx, deps, due.subscriber_id);
    const row = await readSubscription(trx, due.id);
    if (!isDue(row, now) || row.periods_paid !== period - 1) return { outcome: "skipped", hints: [] };
    const ended = await end(trx, row, now);
    return { outcome: ended ? "failed" : "skipped", hints: ended ? await tellEnd(deps, trx, row, true) : [] };
  });
  await publishNotificationHints(deps, result.hints);
  return result.outcome;
}

/** A card subscription's next month: the follow-up order's charge, then the period (by its delivery) or the end. */
async function renewByCard(deps: ApiDeps, due: SubscriptionRow, period: number): Promise<RenewalOutcome> {
  const outcome = await chargeCardPeriod(deps, due, period, (row) => isDue(row, deps.clock.now()));
  if (outcome === "gone") return "skipped";
  if (outcome === "paying") return "pending";
  if (outcome === "failed") return endUnpaid(deps, due, period);
  await walletsChanged(deps, due.id);
  return "renewed";
}

/** The wallet did not cover the period: spendDollars (auto recharge), then record the period or end the subscription. */
async function renewThroughSpend(deps: ApiDeps, due: SubscriptionRow, period: number): Promise<RenewalOutcome> {
  const key = fanPeriodKey(due.id, period);
  const answer = await spendDollars(deps, { payer: due.subscriber_id, key, operation: periodOperation(due), reference: key });
  // A recharge under way (a pending card payment): the next run asks again under the same key.
  if (answer.status === "pending") return "pending";
  if (answer.status !== "succeeded") return endUnpaid(deps, due, period);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx): Promise<RenewalOutcome> => {
    await lockFan(trx, deps, due.subscriber_id);
    const row = await readSubscription(trx, due.id);
    if (!isDue(row, now) || row.periods_paid !== period - 1) return "skipped";
    const advanced = await recordPeriod(trx, row, period, { operationId: answer.operation_id, orderId: null, amount: row.price }, now);
    return advanced ? "renewed" : "skipped";
  });
}

/** Every subscription due now, renewed or ended; answers what happened (the bench and the tests read it). */
export async function renewDueSubscriptions(deps: ApiDeps, options: { concurrency?: number } = {}): Promise<RenewalRun> {
  const run: RenewalRun = { renewed: 0, ended: 0, failed: 0, pending: 0, skipped: 0 };
  const now = deps.clock.now();
  const seen = new Set<number>();
  for (;;) {
    const due = await deps.db
      .selectFrom("fan_subscriptions")
      .select("id")
      .where("ended_at", "is", null)
      .where("paid_until", "<=", now)
      .orderBy("paid_until")
      .orderBy("id")
      .limit(BATCH + seen.size)
      .execute();
    // Pending ones stay due until their recharge settles: each is tried once per run.
    const ids = due.map((r) => r.id).filter((id) => !seen.has(id));
    if (ids.length === 0) return run;
    const workers = Math.max(1, options.concurrency ?? 1);
    for (let i = 0; i < ids.length; i += workers) {
      const outcomes = await Promise.all(ids.slice(i, i + workers).map((id) => renewSubscription(deps, id)));
      for (const [index, outcome] of outcomes.entries()) {
        seen.add(ids[i + index]!);
        run[outcome] += 1;
      }
    }
  }
}

/** The job: renews what is due, then schedules the next run. */
export async function runFanRenewals(deps: ApiDeps): Promise<void> {
  await renewDueSubscriptions(deps);
  await scheduleFanRenewals(deps, deps.clock.now() + RENEWAL_INTERVAL_MS);
}

/** Enqueues the run of the slot `at` falls in (a no-op when it is queued already); maintenance calls it after a restart. */
export async function scheduleFanRenewals(deps: Pick<ApiDeps, "db" | "clock">, at = deps.clock.now()): Promise<void> {
  const slot = Math.floor(at / RENEWAL_INTERVAL_MS);
  await enqueueJob(
    deps.db,
    deps.clock,
    "fan_subscriptions.renew",
    {},
    { key: `fan_subscriptions.renew:${slot}`, runAt: Math.max(at, deps.clock.now()) },
  );
}
