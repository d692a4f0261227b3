/**
 * Rise-up promotion (issue 27 item 3, spec section 6 "Basic escort rise-up benefits", ADR 084): an escort or a
 * business buys a rise-up — first position in top escorts and in search, and no client contact limit, for
 * RISE_UP_HOURS. The effect is profiles.rise_up_until: the search triggers copy it into search_profiles in the same
 * transaction, and search and the messenger compare it with `now` when they read, so it starts at once and ends on
 * time without a job.
 *
 * One rise-up runs at a time: a purchase while one runs is refused (already_running), so every rise-up lasts exactly
 * RISE_UP_HOURS and the newest ranks first. A running plus of an escort or business brings
 * PLUS_FREE_RISE_UPS_PER_MONTH free rise-ups per calendar month (Europe/Berlin), counted under the member's riseUps
 * lock; the others cost PRICES.rise_up, posted with the ledger in the transaction that records the rise-up.
 */
import type { Selectable } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { localDateTime, instantOf } from "../../contract/dates";
import { PRICES } from "../../contract/prices";
import {
  PROMOTION_ERRORS,
  PROMOTION_HISTORY_SIZE,
  PROMOTION_TEXT_MAX,
  type PromotionItem,
  type PromotionOverview,
  type RiseUpAnswer,
} from "../../contract/promotion";
import { USER_TYPE } from "../../contract/users";
import {
  PLUS_FREE_RISE_UPS_PER_MONTH,
  PROMOTION_PROFILE_DAYS,
  RISE_UP_HOURS,
  riseUpBandOf,
  type PromotionCode,
  type TokenOperationAnswer,
} from "../../contract/wallet";
import type { DB } from "../../db/index";
import { lockMembersForLimits } from "../../db/locks";
import { entitlementsOf } from "../access/index";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn } from "../ledger/index";
import { itemsOf } from "./items";
import { openProfilePromotion, promotablePhotos } from "./profile";
import type { PromotionsTable } from "./schema";
import { notifyWalletChanged } from "../wallet/index";

const RISE_UP_MS = RISE_UP_HOURS * 60 * 60 * 1000;
/** Escorts and businesses have a profile to promote; clients do not. */
const PROMOTING_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];

type PromotionRow = Selectable<PromotionsTable>;

/** The instant the calendar month of `now` began in Europe/Berlin (the free rise-ups' month). */
export function monthStartOf(now: number): number {
  const { date } = localDateTime(now);
  return instantOf(`${date.slice(0, 8)}01`, "00:00") as number;
}

async function ownerOf(db: DB, userId: number) {
  return db.selectFrom("users").select(["id", "user_type", "is_member", "member_until"]).where("id", "=", userId).executeTakeFirst();
}

async function promotionByKey(db: DB, userId: number, key: string): Promise<PromotionRow | undefined> {
  return db.selectFrom("promotions").selectAll().where("user_id", "=", userId).where("request_key", "=", key).executeTakeFirst();
}

async function runningRiseUp(db: DB, userId: number, now: number): Promise<PromotionRow | undefined> {
  return db
    .selectFrom("promotions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", "rise_up")
    .where("status", "=", "accepted")
    .where("starts_at", "<=", now)
    .where("ends_at", ">", now)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function freeRiseUpsUsed(db: DB, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom("promotions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("type", "=", "rise_up")
    .where("status", "=", "accepted")
    .where("code", "=", "plus_free")
    .where("created_at", ">=", monthStartOf(now))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The profile is listed in search (its search_profiles row exists). */
async function isListed(db: DB, userId: number): Promise<boolean> {
  const row = await db.selectFrom("search_profiles").select("user_id").where("user_id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

async function riseUpAnswer(deps: ApiDeps, row: PromotionRow, replayed: boolean): Promise<RiseUpAnswer> {
  const balances = await memberBalances(deps, row.user_id, "dollar");
  const status: TokenOperationAnswer["status"] =
    row.status === "accepted" ? "succeeded" : row.code === "insufficient" ? "insufficient" : "failed";
  return {
    promotion: (await itemsOf(deps.db, [row], deps.clock.now()))[0]!,
    operation: {
      status,
      operation_id: row.operation_id,
      kind: "RISE_UP",
      amount: row.status === "accepted" ? Number(row.price) : 0,
      balance: balances.wallet,
      replayed,
    },
  };
}

async function insertRefusal(trx: DB, userId: number, key: string, code: PromotionCode, now: number): Promise<PromotionRow> {
  return trx
    .insertInto("promotions")
    .values({
      user_id: userId,
      type: "rise_up",
      request_key: key,
      status: "rejected",
      code,
      price: 0,
      operation_id: null,
      starts_at: null,
      ends_at: null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Buys a rise-up for the member's own profile under the page's idempotency key: free when a running plus has one
 * left this month, else paid. A retry with the key answers the first result (`replayed`); a refusal is recorded
 * under the key as well, so its retry is refused the same way.
 */
export async function buyRiseUp(deps: ApiDeps, userId: number, key: string): Promise<RiseUpAnswer> {
  const owner = await ownerOf(deps.db, userId);
  if (!owner || !PROMOTING_TYPES.includes(owner.user_type)) throw fail.forbidden(PROMOTION_ERRORS.providersOnly);
  const earlier = await promotionByKey(deps.db, userId, key);
  if (earlier) return riseUpAnswer(deps, earlier, true);
  const now = deps.clock.now();
  const mayFree = entitlementsOf(owner, now).may("free_rise_up");
  const price = PRICES.rise_up.amount;

  let outcome: { row: PromotionRow; replayed: boolean };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      // The free rise-ups of the month and "one at a time" count rows: one purchase of this member at a time.
      await lockMembersForLimits(trx, deps.dialect, "riseUps", [userId]);
      const again = await promotionByKey(trx, userId, key);
      if (again) return { row: again, replayed: true };
      if (!(await isListed(trx, userId))) return { row: await insertRefusal(trx, userId, key, "not_listed", now), replayed: false };
      if (await runningRiseUp(trx, userId, now))
        return { row: await insertRefusal(trx, userId, key, "already_running", now), replayed: false };

      const free = mayFree && (await freeRiseUpsUsed(trx, userId, now)) < PLUS_FREE_RISE_UPS_PER_MONTH;
      const endsAt = now + RISE_UP_MS;
      let row = await trx
        .insertInto("promotions")
        .values({
          user_id: userId,
          type: "rise_up",
          request_key: key,
          status: "accepted",
          code: free ? "plus_free" : "paid",
          price: free ? 0 : price,
          operation_id: null,
          starts_at: now,
          ends_at: endsAt,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!free) {
        // Paid in this transaction: a wallet that does not cover it throws LedgerInsufficient and nothing stays.
        const posted = await postOperationIn(trx, deps, {
          key: `rise_up:${key}`,
          kind: "RISE_UP",
          currency: "dollar",
          actorId: userId,
          reference: `rise_up:${row.id}`,
          transfers: dollarOperations.spend(userId, price, "RISE_UP").transfers,
        });
        row = await trx
          .updateTable("promotions")
          .set({ operation_id: posted.operationId })
          .where("id", "=", row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      // The search triggers copy it into search_profiles now, in this transaction: ranked first from the commit on.
      await trx.updateTable("profiles").set({ rise_up_until: endsAt }).where("user_id", "=", userId).execute();
      return { row, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof LedgerInsufficient)) throw error;
    outcome = await deps.db.transaction().execute(async (trx) => {
      await lockMembersForLimits(trx, deps.dialect, "riseUps", [userId]);
      const again = await promotionByKey(trx, userId, key);
      if (again) return { row: again, replayed: true };
      return { row: await insertRefusal(trx, userId, key, "insufficient", now), replayed: false };
    });
  }
  if (!outcome.replayed && outcome.row.operation_id !== null) await notifyWalletChanged(deps, userId);
  return riseUpAnswer(deps, outcome.row, outcome.replayed);
}

/** The member's own promotion by id; 404 for anybody else's (no hint that it exists). */
export async function promotionOf(deps: ApiDeps, userId: number, id: number): Promise<PromotionItem> {
  const row = await deps.db.selectFrom("promotions").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw fail.notFound();
  return (await itemsOf(deps.db, [row], deps.clock.now()))[0]!;
}

/** The promotion page of the signed-in member: prices, free rise-ups left, the running one, the band, the history. */
export async function promotionOverview(deps: ApiDeps, userId: number): Promise<PromotionOverview> {
  const now = deps.clock.now();
  const owner = await ownerOf(deps.db, userId);
  if (!owner) throw fail.unauthorized();
  const canBuy = PROMOTING_TYPES.includes(owner.user_type);
  const plusFree = canBuy && entitlementsOf(owner, now).may("free_rise_up");
  const [rows, running, used, listed, balances, lastRise, openProfile, photos] = await Promise.all([
    deps.db
      .selectFrom("promotions")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .limit(PROMOTION_HISTORY_SIZE)
      .execute(),
    runningRiseUp(deps.db, userId, now),
    plusFree ? freeRiseUpsUsed(deps.db, userId, now) : Promise.resolve(0),
    canBuy ? isListed(deps.db, userId) : Promise.resolve(false),
    memberBalances(deps, userId, "dollar"),
    deps.db
      .selectFrom("promotions")
      .select("starts_at")
      .where("user_id", "=", userId)
      .where("type", "=", "rise_up")
      .where("status", "=", "accepted")
      .where("starts_at", "<=", now)
      .orderBy("starts_at", "desc")
      .executeTakeFirst(),
    canBuy ? openProfilePromotion(deps.db, userId, now) : Promise.resolve(undefined),
    canBuy ? promotablePhotos(deps.db, userId) : Promise.resolve([]),
  ]);
  const [history, [runningItem, openItem]] = await Promise.all([
    itemsOf(deps.db, rows, now),
    itemsOf(
      deps.db,
      [running, openProfile].filter((row): row is PromotionRow => row !== undefined),
      now,
    ).then((items) => [running ? items[0]! : null, openProfile ? items[running ? 1 : 0]! : null]),
  ]);
  const risenAt = lastRise?.starts_at == null ? null : Number(lastRise.starts_at);
  return {
    can_buy: canBuy,
    listed,
    rise_up: {
      price: PRICES.rise_up,
      hours: RISE_UP_HOURS,
      plus_free: plusFree,
      free_per_month: PLUS_FREE_RISE_UPS_PER_MONTH,
      free_left: plusFree ? Math.max(0, PLUS_FREE_RISE_UPS_PER_MONTH - used) : 0,
      running: runningItem ?? null,
      risen_at: risenAt,
      band: riseUpBandOf(risenAt, now),
    },
    profile: {
      price: PRICES.promotion_profile,
      days: PROMOTION_PROFILE_DAYS,
      text_max: PROMOTION_TEXT_MAX,
      photos,
      pending: openItem?.status === "pending" ? openItem : null,
      running: openItem?.running ? openItem : null,
    },
    balance: balances.wallet,
    history,
  };
}
