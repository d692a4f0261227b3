/**
 * Fan subscriptions (issue 28 item 3, ADR 094): a creator's tiers, members subscribing with dollars, cancel and undo
 * cancel until the paid period ends, the creator's subscribers and earnings. The renewals are in ./renewals.ts.
 *
 * Money: every paid period is one ledger operation, dollarOperations.creatorSale (the fan's wallet to the creator's
 * pending account), under the key fans:<subscription>:<period> (contract/fans fanPeriodKey), written in the same
 * transaction as its fan_subscription_periods row (unique per subscription and period) and the subscription's
 * paid_until. So a period is charged once, and it is charged exactly when the access it pays for is recorded.
 *
 * Concurrency: everything that changes one fan's subscriptions takes the fan's advisory lock (LOCK_SPACES
 * fanSubscriptions) first, then reads again; the unique index on live subscriptions (one per fan and creator) holds
 * whatever a caller forgets.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { operatorMonthOf, recentMonths, operatorMonthRange } from "../../contract/calendar";
import { FAN_PERIOD_MONTHS, FAN_PRICE_MAX, FAN_PRICE_MIN, FAN_SUBSCRIPTION_STATUS, FAN_TIERS_MAX } from "../../contract/creators";
import {
  FAN_ERRORS,
  fanPeriodKey,
  fanStatusName,
  type FanCreator,
  type FanEarningsMonth,
  type FanOffer,
  type FanPaymentMethod,
  type FanSubscribeAnswer,
  type FanSubscribers,
  type FanSubscriptionItem,
  type FanSubscriptionList,
  type FanTier,
  type FanTierList,
} from "../../contract/fans";
import { isStaffUserType } from "../../contract/moderation";
import { USER_TYPE } from "../../contract/users";
import { INSUFFICIENT_DOLLARS_KEY } from "../../contract/wallet";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { findOwner, isBlockedBetween, isListedOwner, memberNamesOf } from "../access/index";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn } from "../ledger/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { addMonths } from "../plus/index";
import { notifyWalletChanged } from "../wallet/index";
import type { FanSubscriptionsTable, FanTiersTable } from "./schema";

/** Who offers fan subscriptions and can be subscribed to: the creators (escorts and businesses), as for tips. */
export const CREATOR_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];

/** How many ended subscriptions the member's list keeps showing (the record of what they paid for). */
const ENDED_SHOWN = 20;
/** The subscribers page lists this many (newest first); the counts cover all. */
const SUBSCRIBERS_SHOWN = 200;
/** The earnings months the subscribers page shows. */
const EARNINGS_MONTHS = 12;

export type SubscriptionRow = Selectable<FanSubscriptionsTable>;
type TierRow = Selectable<FanTiersTable>;

/** The end of a paid period that starts at `start`. */
export const periodEnd = (start: number) => addMonths(start, FAN_PERIOD_MONTHS);

/** A fan's subscriptions change one after the other (cancel, undo, subscribe, a renewal). */
export const lockFan = (trx: Transaction<Database>, deps: ApiDeps, fanId: number) =>
  lockMembersForLimits(trx, deps.dialect, "fanSubscriptions", [fanId]);

/** The creators named on these pages (the access kernel's one query for members' names). */
const creatorsById = (db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, FanCreator>> => memberNamesOf(db, ids);

function tierOf(row: TierRow): FanTier {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    price: row.price,
    benefits: row.benefits,
    is_active: row.is_active === 1,
  };
}

export function subscriptionItemOf(row: SubscriptionRow, creator: FanCreator, tierName: string, now: number): FanSubscriptionItem {
  const status = row.status === FAN_SUBSCRIPTION_STATUS.cancel ? FAN_SUBSCRIPTION_STATUS.cancel : FAN_SUBSCRIPTION_STATUS.running;
  return {
    id: row.id,
    creator,
    tier_id: row.tier_id,
    tier_name: tierName,
    price: row.price,
    status,
    status_name: fanStatusName(status),
    method: row.method as FanPaymentMethod,
    period_start: Number(row.period_start),
    paid_until: Number(row.paid_until),
    periods_paid: row.periods_paid,
    created_at: Number(row.created_at),
    cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    // The same condition as the one paid-access rule (access/paid-media.ts) reads.
    active: row.ended_at === null && Number(row.paid_until) > now,
    renews: row.method === "dollars" || row.payment_token !== null,
  };
}

/** Subscription rows as the API answers them (creator and tier name read in two queries for all). */
async function itemsOf(deps: ApiDeps, rows: SubscriptionRow[]): Promise<FanSubscriptionItem[]> {
  if (rows.length === 0) return [];
  const creators = await creatorsById(
    deps.db,
    rows.map((r) => r.creator_id),
  );
  const tiers = await deps.db
    .selectFrom("fan_tiers")
    .select(["id", "name"])
    .where("id", "in", [...new Set(rows.map((r) => r.tier_id))])
    .execute();
  const names = new Map(tiers.map((t) => [t.id, t.name]));
  const now = deps.clock.now();
  return rows.map((row) =>
    subscriptionItemOf(
      row,
      creators.get(row.creator_id) ?? { user_id: row.creator_id, username: "", display_name: "" },
      names.get(row.tier_id) ?? "",
      now,
    ),
  );
}

async function itemOf(deps: ApiDeps, row: SubscriptionRow): Promise<FanSubscriptionItem> {
  return (await itemsOf(deps, [row]))[0]!;
}

async function userTypeOf(db: Kysely<Database>, userId: number): Promise<number | null> {
  const row = await db.selectFrom("users").select("user_type").where("id", "=", userId).executeTakeFirst();
  return row?.user_type ?? null;
}

// ── Tiers (the creator's settings) ────────────────────────────────────────────────────────────────────────────

async function assertCreator(deps: ApiDeps, userId: number): Promise<void> {
  const type = await userTypeOf(deps.db, userId);
  if (type === null) throw fail.unauthorized();
  if (!CREATOR_TYPES.includes(type)) throw fail.forbidden(FAN_ERRORS.notCreator);
}

async function tierListOf(db: Kysely<Database>, creatorId: number): Promise<FanTierList> {
  const rows = await db.selectFrom("fan_tiers").selectAll().where("creator_id", "=", creatorId).orderBy("position").orderBy("id").execute();
  return { tiers: rows.map(tierOf), max: FAN_TIERS_MAX, price_min: FAN_PRICE_MIN, price_max: FAN_PRICE_MAX };
}

export interface TierInput {
  name: string;
  price: number;
  benefits: string;
  is_active: boolean;
}

/** GET /fans/tiers: the creator's own tiers (403 for members who are no creator). */
export async function listTiers(deps: ApiDeps, creatorId: number): Promise<FanTierList> {
  await assertCreator(deps, creatorId);
  return tierListOf(deps.db, creatorId);
}

/** POST /fans/tiers: a new tier at the end, at most FAN_TIERS_MAX (409 beyond, counted under the creator's lock). */
export async function createTier(deps: ApiDeps, creatorId: number, input: TierInput): Promise<FanTierList> {
  await assertCreator(deps, creatorId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockFan(trx, deps, creatorId);
    const count = await trx
      .selectFrom("fan_tiers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("creator_id", "=", creatorId)
      .executeTakeFirst();
    const n = Number(count?.n ?? 0);
    if (n >= FAN_TIERS_MAX) throw new ApiError(409, [errorItem(409, FAN_ERRORS.tiersFull, undefined, { max: FAN_TIERS_MAX })]);
    await trx
      .insertInto("fan_tiers")
      .values({
        creator_id: creatorId,
        position: n + 1,
        name: input.name,
        price: input.price,
        benefits: input.benefits,
        is_active: input.is_active ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return tierListOf(deps.db, creatorId);
}

/**
 * PUT /fans/tiers/{id}: the creator's own tier (another's answers 404). A new price applies to new subscriptions;
 * the running ones renew at the price they started with (fan_subscriptions.price). Inactive: no new subscribers.
 */
export async function updateTier(deps: ApiDeps, creatorId: number, tierId: number, input: TierInput): Promise<FanTierList> {
  await assertCreator(deps, creatorId);
  const updated = await deps.db
    .updateTable("fan_tiers")
    .set({
      name: input.name,
      price: input.price,
      benefits: input.benefits,
      is_active: input.is_active ? 1 : 0,
      updated_at: deps.clock.now(),
    })
    .where("id", "=", tierId)
    .where("creator_id", "=", creatorId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw fail.notFound(FAN_ERRORS.notFound);
  return tierListOf(deps.db, creatorId);
}

// ── The offer and subscribing ──────────────────────────────────────────────────────────────────────────────────

/** The viewer's live subscription to a creator (not ended), if any. */
export function liveSubscription(db: Kysely<Database>, fanId: number, creatorId: number) {
  return db
    .selectFrom("fan_subscriptions")
    .selectAll()
    .where("subscriber_id", "=", fanId)
    .where("creator_id", "=", creatorId)
    .where("ended_at", "is", null)
    .executeTakeFirst();
}

/**
 * The creator as this viewer may see them: listed (guests not for members-only profiles), no block between them, and
 * a creator. Anything else answers 404 like an unknown name.
 */
async function visibleCreator(deps: ApiDeps, viewerId: number | null, where: { id: number } | { username: string }) {
  const owner = await findOwner(deps.db, where);
  if (!owner) return null;
  if (owner.id !== viewerId) {
    if (!isListedOwner(owner) || !CREATOR_TYPES.includes(owner.user_type)) return null;
    if (viewerId === null && owner.members_only === 1) return null;
    if (viewerId !== null && (await isBlockedBetween(deps, viewerId, owner.id))) return null;
  }
  return owner;
}

/** GET /fans/offer/{username}: the creator's active tiers and the viewer's live subscription to them. */
export async function fanOffer(deps: ApiDeps, viewerId: number | null, username: string): Promise<FanOffer> {
  const owner = await visibleCreator(deps, viewerId, { username });
  if (!owner || !CREATOR_TYPES.includes(owner.user_type)) throw fail.notFound(FAN_ERRORS.notFound);
  const creator = (await creatorsById(deps.db, [owner.id])).get(owner.id)!;
  const tiers = (await tierListOf(deps.db, owner.id)).tiers.filter((tier) => tier.is_active);
  const own = viewerId === owner.id;
  const live = viewerId !== null && !own ? await liveSubscription(deps.db, viewerId, owner.id) : undefined;
  const viewerType = viewerId === null ? null : await userTypeOf(deps.db, viewerId);
  const balance = viewerId === null ? 0 : (await memberBalances(deps, viewerId, "dollar")).wallet;
  return {
    creator,
    tiers,
    subscription: live ? await itemOf(deps, live) : null,
    may_subscribe: viewerId !== null && !own && !live && viewerType !== null && !isStaffUserType(viewerType) && tiers.length > 0,
    own,
    balance,
    period_months: FAN_PERIOD_MONTHS,
  };
}

/** The tier a member may subscribe to, checked for this member (400 oneself, 403 staff or no creator, 404 otherwise). */
export async function subscribableTier(deps: ApiDeps, fanId: number, tierId: number): Promise<TierRow> {
  const tier = await deps.db.selectFrom("fan_tiers").selectAll().where("id", "=", tierId).where("is_active", "=", 1).executeTakeFirst();
  if (!tier) throw fail.notFound(FAN_ERRORS.notFound);
  if (tier.creator_id === fanId) throw fail.badRequest(FAN_ERRORS.self, "tier_id");
  const fanType = await userTypeOf(deps.db, fanId);
  if (fanType === null) throw fail.unauthorized();
  if (isStaffUserType(fanType)) throw fail.forbidden(FAN_ERRORS.staff);
  const owner = await findOwner(deps.db, { id: tier.creator_id });
  if (owner && !CREATOR_TYPES.includes(owner.user_type)) throw fail.forbidden(FAN_ERRORS.notCreator);
  if (!(await visibleCreator(deps, fanId, { id: tier.creator_id }))) throw fail.notFound(FAN_ERRORS.notFound);
  return tier;
}

/** The wallet did not cover the first period: 402 with the price and balance, nothing moved, nothing recorded. */
async function insufficient(deps: ApiDeps, fanId: number, price: number): Promise<ApiError> {
  const balance = (await memberBalances(deps, fanId, "dollar")).wallet;
  return new ApiError(402, [errorItem(402, INSUFFICIENT_DOLLARS_KEY, undefined, { price, balance })], { insufficient: true });
}

/**
 * Writes one paid period inside the caller's transaction (which holds the fan's lock): the period row and the
 * subscription's new paid_until, only when the subscription still stands at the period before. Answers whether it
 * advanced (false: another run recorded this period first).
 */
export async function recordPeriod(
  trx: Transaction<Database>,
  row: SubscriptionRow,
  period: number,
  paid: { operationId: number | null; orderId: number | null; amount: number },
  now: number,
): Promise<boolean> {
  const inserted = await trx
    .insertInto("fan_subscription_periods")
    .values({
      subscription_id: row.id,
      period_index: period,
      amount: paid.amount,
      operation_id: paid.operationId,
      order_id: paid.orderId,
      idempotency_key: fanPeriodKey(row.id, period),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["subscription_id", "period_index"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
  if (period === 1) return true;
  // The next period starts where the paid one ends, however late the job runs: no gap, no overlap.
  const updated = await trx
    .updateTable("fan_subscriptions")
    .set({ period_start: Number(row.paid_until), paid_until: periodEnd(Number(row.paid_until)), periods_paid: period })
    .where("id", "=", row.id)
    .where("periods_paid", "=", period - 1)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The creator's pending earning for one period, as the ledger posts it. */
export const periodOperation = (row: Pick<SubscriptionRow, "subscriber_id" | "creator_id" | "price">) =>
  dollarOperations.creatorSale(row.subscriber_id, row.creator_id, row.price);

/**
 * POST /fans/subscriptions: subscribes with dollars. One transaction under the fan's lock: the subscription, the first
 * period's ledger operation (fans:<id>:1) and its period row, and the creator's notification — all or nothing. The
 * wallet not covering it answers 402 (nothing written). A second request while the subscription to this tier lives
 * answers it again (nothing charged); a live subscription to another tier of the creator answers 409.
 */
export async function subscribeWithDollars(deps: ApiDeps, fanId: number, tierId: number): Promise<FanSubscribeAnswer> {
  const tier = await subscribableTier(deps, fanId, tierId);
  const now = deps.clock.now();
  let outcome: { row: SubscriptionRow; operationId: number | null; replayed: boolean; hints: NotificationHints };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      await lockFan(trx, deps, fanId);
      const live = await liveSubscription(trx, fanId, tier.creator_id);
      if (live && (live.tier_id !== tier.id || live.status !== FAN_SUBSCRIPTION_STATUS.running || Number(live.paid_until) <= now))
        throw fail.conflict(FAN_ERRORS.alreadySubscribed, "tier_id");
      if (live) {
        const first = await trx
          .selectFrom("fan_subscription_periods")
          .select("operation_id")
          .where("subscription_id", "=", live.id)
          .where("period_index", "=", live.periods_paid)
          .executeTakeFirst();
        return { row: live, operationId: first?.operation_id ?? null, replayed: true, hints: [] };
      }
      const values = {
        subscriber_id: fanId,
        creator_id: tier.creator_id,
        tier_id: tier.id,
        price: tier.price,
        status: FAN_SUBSCRIPTION_STATUS.running,
        method: "dollars" satisfies FanPaymentMethod,
        period_start: now,
        paid_until: periodEnd(now),
        periods_paid: 1,
        created_at: now,
        cancelled_at: null,
        ended_at: null,
        payment_method: null,
        payment_token: null,
      };
      const { id } = await trx.insertInto("fan_subscriptions").values(values).returning("id").executeTakeFirstOrThrow();
      const row: SubscriptionRow = { ...values, id };
      const operation = periodOperation(row);
      const key = fanPeriodKey(id, 1);
      const posted = await postOperationIn(trx, deps, {
        key,
        kind: operation.kind,
        currency: "dollar",
        actorId: fanId,
        reference: key,
        transfers: operation.transfers,
      });
      if (posted.status !== "succeeded") throw new LedgerInsufficient();
      await recordPeriod(trx, row, 1, { operationId: posted.operationId, orderId: null, amount: row.price }, now);
      const hints = await notify(deps, trx, {
        userId: tier.creator_id,
        event: "fan_subscribed",
        actorId: fanId,
        subject: { type: "fan_subscription", id },
        params: { tier: tier.name, amount: String(tier.price) },
        url: "user/fan_subscribers",
      });
      return { row, operationId: posted.operationId, replayed: false, hints };
    });
  } catch (error) {
    if (error instanceof LedgerInsufficient) throw await insufficient(deps, fanId, tier.price);
    throw error;
  }
  await publishNotificationHints(deps, outcome.hints);
  if (!outcome.replayed) await Promise.all([notifyWalletChanged(deps, fanId), notifyWalletChanged(deps, tier.creator_id)]);
  const balance = (await memberBalances(deps, fanId, "dollar")).wallet;
  return {
    subscription: await itemOf(deps, outcome.row),
    operation: {
      status: "succeeded",
      operation_id: outcome.operationId,
      kind: "CONSUME",
      amount: outcome.row.price,
      balance,
      replayed: outcome.replayed,
    },
  };
}

// ── The member's subscriptions: list, detail, cancel, undo cancel ─────────────────────────────────────────────

/** The fan's own subscription by id; another member's id answers 404 like an unknown one. */
async function ownSubscription(db: Kysely<Database>, fanId: number, id: number): Promise<SubscriptionRow> {
  const row = await db
    .selectFrom("fan_subscriptions")
    .selectAll()
    .where("id", "=", id)
    .where("subscriber_id", "=", fanId)
    .executeTakeFirst();
  if (!row) throw fail.notFound(FAN_ERRORS.notFound);
  return row;
}

/** GET /fans/subscriptions: live ones first (soonest renewal first), then the last ENDED_SHOWN ended ones. */
export async function mySubscriptions(deps: ApiDeps, fanId: number): Promise<FanSubscriptionList> {
  const live = await deps.db
    .selectFrom("fan_subscriptions")
    .selectAll()
    .where("subscriber_id", "=", fanId)
    .where("ended_at", "is", null)
    .orderBy("paid_until")
    .orderBy("id")
    .execute();
  const ended = await deps.db
    .selectFrom("fan_subscriptions")
    .selectAll()
    .where("subscriber_id", "=", fanId)
    .where("ended_at", "is not", null)
    .orderBy("ended_at", "desc")
    .orderBy("id", "desc")
    .limit(ENDED_SHOWN)
    .execute();
  return { items: await itemsOf(deps, [...live, ...ended]) };
}

/** GET /fans/subscriptions/{id}: the fan's own subscription (404 for another's). */
export async function subscriptionDetail(deps: ApiDeps, fanId: number, id: number): Promise<FanSubscriptionItem> {
  return itemOf(deps, await ownSubscription(deps.db, fanId, id));
}

/**
 * Cancel (spec "Creator subscription: cancel"): a running subscription whose period is paid turns to cancel; it keeps
 * opening the creator's fans-only media until paid_until and then ends without a charge. 409 when not running.
 */
export async function cancelSubscription(deps: ApiDeps, fanId: number, id: number): Promise<FanSubscriptionItem> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockFan(trx, deps, fanId);
    const current = await ownSubscription(trx, fanId, id);
    if (current.ended_at !== null || current.status !== FAN_SUBSCRIPTION_STATUS.running || Number(current.paid_until) <= now)
      throw fail.conflict(FAN_ERRORS.notRunning);
    await trx
      .updateTable("fan_subscriptions")
      .set({ status: FAN_SUBSCRIPTION_STATUS.cancel, cancelled_at: now })
      .where("id", "=", id)
      .execute();
    return { ...current, status: FAN_SUBSCRIPTION_STATUS.cancel, cancelled_at: now };
  });
  return itemOf(deps, row);
}

/** Undo cancel: a cancelled subscription whose paid period has not ended runs again (renews at paid_until). 409 else. */
export async function undoCancelSubscription(deps: ApiDeps, fanId: number, id: number): Promise<FanSubscriptionItem> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockFan(trx, deps, fanId);
    const current = await ownSubscription(trx, fanId, id);
    if (current.ended_at !== null || current.status !== FAN_SUBSCRIPTION_STATUS.cancel || Number(current.paid_until) <= now)
      throw fail.conflict(FAN_ERRORS.notCancelled);
    await trx
      .updateTable("fan_subscriptions")
      .set({ status: FAN_SUBSCRIPTION_STATUS.running, cancelled_at: null })
      .where("id", "=", id)
      .execute();
    return { ...current, status: FAN_SUBSCRIPTION_STATUS.running, cancelled_at: null };
  });
  return itemOf(deps, row);
}

// ── The creator's subscribers and earnings ─────────────────────────────────────────────────────────────────────

/** GET /fans/subscribers: the live subscribers (newest first), their counts, and the earnings of the last 12 months. */
export async function fanSubscribers(deps: ApiDeps, creatorId: number): Promise<FanSubscribers> {
  await assertCreator(deps, creatorId);
  const now = deps.clock.now();
  const rows = await deps.db
    .selectFrom("fan_subscriptions")
    .innerJoin("users", "users.id", "fan_subscriptions.subscriber_id")
    .leftJoin("profiles", "profiles.user_id", "fan_subscriptions.subscriber_id")
    .innerJoin("fan_tiers", "fan_tiers.id", "fan_subscriptions.tier_id")
    .select([
      "fan_subscriptions.id",
      "fan_subscriptions.price",
      "fan_subscriptions.status",
      "fan_subscriptions.created_at",
      "fan_subscriptions.paid_until",
      "users.username",
      "profiles.display_name",
      "fan_tiers.name as tier_name",
    ])
    .where("fan_subscriptions.creator_id", "=", creatorId)
    .where("fan_subscriptions.ended_at", "is", null)
    .where("fan_subscriptions.paid_until", ">", now)
    .orderBy("fan_subscriptions.created_at", "desc")
    .orderBy("fan_subscriptions.id", "desc")
    .limit(SUBSCRIBERS_SHOWN)
    .execute();
  const counts = await deps.db
    .selectFrom("fan_subscriptions")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("creator_id", "=", creatorId)
    .where("ended_at", "is", null)
    .where("paid_until", ">", now)
    .groupBy("status")
    .execute();
  const countOf = (status: number) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return {
    subscribers: rows.map((r) => {
      const status = r.status === FAN_SUBSCRIPTION_STATUS.cancel ? FAN_SUBSCRIPTION_STATUS.cancel : FAN_SUBSCRIPTION_STATUS.running;
      return {
        subscription_id: r.id,
        username: r.username,
        display_name: r.display_name ?? r.username,
        tier_name: r.tier_name,
        price: r.price,
        status,
        status_name: fanStatusName(status),
        created_at: Number(r.created_at),
        paid_until: Number(r.paid_until),
      };
    }),
    running: countOf(FAN_SUBSCRIPTION_STATUS.running),
    cancelled: countOf(FAN_SUBSCRIPTION_STATUS.cancel),
    earnings: await earningsByMonth(deps, creatorId, now),
  };
}

/** The paid periods of the last EARNINGS_MONTHS calendar months (operator's zone), newest first, months without any too. */
async function earningsByMonth(deps: ApiDeps, creatorId: number, now: number): Promise<FanEarningsMonth[]> {
  const months = recentMonths(now, EARNINGS_MONTHS);
  const oldest = months.reduce((a, b) => (a < b ? a : b));
  const rows = await deps.db
    .selectFrom("fan_subscription_periods")
    .innerJoin("fan_subscriptions", "fan_subscriptions.id", "fan_subscription_periods.subscription_id")
    .select(["fan_subscription_periods.amount", "fan_subscription_periods.created_at"])
    .where("fan_subscriptions.creator_id", "=", creatorId)
    .where("fan_subscription_periods.created_at", ">=", operatorMonthRange(oldest).from)
    .execute();
  const byMonth = new Map(months.map((m) => [m, { month: m, periods: 0, amount: 0 }]));
  for (const row of rows) {
    const entry = byMonth.get(operatorMonthOf(Number(row.created_at)));
    if (!entry) continue;
    entry.periods += 1;
    entry.amount += row.amount;
  }
  return [...byMonth.values()].sort((a, b) => (a.month < b.month ? 1 : -1));
}
