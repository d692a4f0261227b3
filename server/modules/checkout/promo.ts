/**
 * Promo codes (issue 26; spec "Promotion code verification": request, success, failure): verified at the goods step
 * (validity window, goods, limits as they stand), reserved for the order when it is confirmed — counted under a lock
 * on the code against the total and the per-member limit (ADR 058, 074) — and released when the order fails or is
 * cancelled (settlement calls releasePromoReservation).
 */
import { sql, type Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { Goods } from "../../contract/billing";
import { CHECKOUT_ERRORS } from "../../contract/checkout";
import { lockPromoCode } from "../../db/locks";
import type { Database } from "../../db/schema";

export interface PromoCodeRow {
  id: number;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  goods: Goods | null;
  valid_from: number | null;
  valid_until: number | null;
  max_redemptions: number | null;
  max_per_member: number;
  redemptions: number;
  active: number;
}

const PROMO_COLUMNS = [
  "id",
  "code",
  "kind",
  "value",
  "goods",
  "valid_from",
  "valid_until",
  "max_redemptions",
  "max_per_member",
  "redemptions",
  "active",
] as const;

/** The discount a code gives on a gross price: a percentage (rounded down, in the buyer's favour never below 0) or fixed cents. */
export function discountOf(promo: Pick<PromoCodeRow, "kind" | "value">, listGrossCents: number): number {
  const raw = promo.kind === "percent" ? Math.floor((listGrossCents * promo.value) / 100) : promo.value;
  return Math.max(0, Math.min(listGrossCents, raw));
}

async function codeNamed(db: ApiDeps["db"] | Transaction<Database>, code: string): Promise<PromoCodeRow | null> {
  const row = await db.selectFrom("promo_codes").select(PROMO_COLUMNS).where("code", "=", code.trim().toUpperCase()).executeTakeFirst();
  return (row as PromoCodeRow | undefined) ?? null;
}

export async function promoById(db: ApiDeps["db"] | Transaction<Database>, id: number): Promise<PromoCodeRow | null> {
  const row = await db.selectFrom("promo_codes").select(PROMO_COLUMNS).where("id", "=", id).executeTakeFirst();
  return (row as PromoCodeRow | undefined) ?? null;
}

/**
 * The rules that need no count: active, inside its window, for this good (any good when `goods` is null: promo/code
 * asks before one is chosen). Errors at `field` (the checkout's promo_code; promo/code's own form says code).
 */
function checkUsable(promo: PromoCodeRow | null, goods: Goods | null, now: number, field = "promo_code"): PromoCodeRow {
  if (!promo || !promo.active) throw fail.badRequest(CHECKOUT_ERRORS.promoUnknown, field);
  if ((promo.valid_from !== null && now < Number(promo.valid_from)) || (promo.valid_until !== null && now >= Number(promo.valid_until)))
    throw fail.badRequest(CHECKOUT_ERRORS.promoExpired, field);
  if (goods !== null && promo.goods !== null && promo.goods !== goods) throw fail.badRequest(CHECKOUT_ERRORS.promoNotForGoods, field);
  return promo;
}

async function memberRedemptions(db: ApiDeps["db"] | Transaction<Database>, promoId: number, userId: number, exceptOrderId?: number) {
  let query = db
    .selectFrom("promo_redemptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("promo_code_id", "=", promoId)
    .where("user_id", "=", userId);
  if (exceptOrderId !== undefined) query = query.where("order_id", "<>", exceptOrderId);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/**
 * Verifies a code for this buyer and good as things stand (the goods step and the verify-promotion-code call): a
 * code used up now is refused now, though only the reservation at confirmation holds a place.
 */
export async function verifyPromoCode(deps: ApiDeps, userId: number, code: string, goods: Goods): Promise<PromoCodeRow> {
  return verifyFor(deps, userId, code, goods, "promo_code");
}

/**
 * The same verification before a good is chosen (promo/code): a guest's code is checked as far as it can be without a
 * buyer (active, window, total limit), a member's also against their own limit. Errors at the form's `code` field.
 */
export async function verifyPromoCodeAhead(deps: ApiDeps, userId: number | null, code: string): Promise<PromoCodeRow> {
  return verifyFor(deps, userId, code, null, "code");
}

async function verifyFor(deps: ApiDeps, userId: number | null, code: string, goods: Goods | null, field: string): Promise<PromoCodeRow> {
  const promo = checkUsable(await codeNamed(deps.db, code), goods, deps.clock.now(), field);
  if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions)
    throw fail.badRequest(CHECKOUT_ERRORS.promoExhausted, field);
  if (userId !== null && (await memberRedemptions(deps.db, promo.id, userId)) >= promo.max_per_member)
    throw fail.badRequest(CHECKOUT_ERRORS.promoUsed, field);
  return promo;
}

/**
 * Holds the order's code inside the confirming transaction: under the code's lock (PostgreSQL: parallel confirmations
 * count one after the other), the per-member limit counted, then the total raised by a conditional update that never
 * passes max_redemptions. A refusal throws (409 at promo_code) and the transaction rolls back.
 */
export async function reservePromoCode(
  trx: Transaction<Database>,
  deps: ApiDeps,
  order: { id: number; user_id: number; goods: Goods; promo_code_id: number },
): Promise<void> {
  await lockPromoCode(trx, deps.dialect, order.promo_code_id);
  const now = deps.clock.now();
  const promo = checkUsable(await promoById(trx, order.promo_code_id), order.goods, now);
  // A retried confirmation of the same order finds its own reservation.
  const held = await trx.selectFrom("promo_redemptions").select("id").where("order_id", "=", order.id).executeTakeFirst();
  if (held) return;
  if ((await memberRedemptions(trx, promo.id, order.user_id)) >= promo.max_per_member)
    throw fail.conflict(CHECKOUT_ERRORS.promoUsed, "promo_code");
  const raised = await trx
    .updateTable("promo_codes")
    .set({ redemptions: sql<number>`redemptions + 1` })
    .where("id", "=", promo.id)
    .where((eb) => eb.or([eb("max_redemptions", "is", null), eb("redemptions", "<", eb.ref("max_redemptions"))]))
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) !== 1) throw fail.conflict(CHECKOUT_ERRORS.promoExhausted, "promo_code");
  await trx
    .insertInto("promo_redemptions")
    .values({ promo_code_id: promo.id, user_id: order.user_id, order_id: order.id, created_at: now })
    .execute();
}

/** Frees an unpaid order's promo code reservation (settlement calls it when a payment fails or is cancelled). */
export async function releasePromoReservation(trx: Transaction<Database>, orderId: number): Promise<void> {
  const released = await trx.deleteFrom("promo_redemptions").where("order_id", "=", orderId).returning("promo_code_id").executeTakeFirst();
  if (!released) return;
  await trx
    .updateTable("promo_codes")
    .set({ redemptions: sql<number>`redemptions - 1` })
    .where("id", "=", released.promo_code_id)
    .where("redemptions", ">", 0)
    .execute();
}

/** The demo's codes (seed): a welcome discount on plus, a fixed one, an expired one. */
export function demoPromoCodes(now: number) {
  const DAY = 86_400_000;
  return [
    {
      code: "WILLKOMMEN10",
      kind: "percent" as const,
      value: 10,
      goods: "membership" as const,
      valid_from: null,
      valid_until: now + 365 * DAY,
      max_redemptions: null,
      max_per_member: 1,
    },
    {
      code: "PLUS5EURO",
      kind: "fixed" as const,
      value: 500,
      goods: "membership" as const,
      valid_from: null,
      valid_until: null,
      max_redemptions: 100,
      max_per_member: 1,
    },
    {
      code: "SOMMER2025",
      kind: "percent" as const,
      value: 20,
      goods: null,
      valid_from: null,
      valid_until: now - 30 * DAY,
      max_redemptions: null,
      max_per_member: 1,
    },
  ];
}
