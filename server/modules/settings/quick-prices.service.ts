/**
 * set_price (spec section 2 "set price", ADR 138): the few time prices members look at first, saved into the
 * service-price list's rows under its own rule (contract/settings quickPricesSchema narrows pricesSchema). Always the
 * caller's own profile; the members the service-price page is not shown to (clients, clubs, staff) get 403.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { PRICE_ITEM_TYPE, priceKey } from "../../contract/registration-steps";
import {
  QUICK_PRICE_DURATIONS,
  SELF_SERVICE_STATUSES,
  settingsKeyShownTo,
  type QuickPrices,
  type QuickPricesInput,
} from "../../contract/settings";
import { writeTimePrices, type Trx } from "../profiles/index";

async function assertPriced(db: ApiDeps["db"] | Trx, userId: number): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select(["user_type", "business_kind"])
    .where("id", "=", userId)
    .where("status", "in", [...SELF_SERVICE_STATUSES])
    .executeTakeFirst();
  if (!user) throw fail.unauthorized();
  // The same test as the service-price page's: one rule for who has prices.
  if (!settingsKeyShownTo("service_prices", { userType: user.user_type, businessKind: user.business_kind }))
    throw fail.forbidden("exception.settings.not_for_user_type");
}

async function readQuickPrices(db: ApiDeps["db"] | Trx, userId: number): Promise<QuickPrices> {
  const rows = await db
    .selectFrom("profile_prices")
    .select(["item_type", "duration_minutes", "price_eur"])
    .where("user_id", "=", userId)
    .execute();
  const quick: readonly number[] = QUICK_PRICE_DURATIONS;
  const prices: Record<string, number> = {};
  let other = 0;
  for (const row of rows) {
    const minutes = row.duration_minutes === null ? null : Number(row.duration_minutes);
    if (Number(row.item_type) === PRICE_ITEM_TYPE.time && minutes !== null && quick.includes(minutes))
      prices[priceKey(minutes)] = Number(row.price_eur);
    else other += 1;
  }
  return { durations: [...QUICK_PRICE_DURATIONS], prices, currency: "EUR", other_prices: other };
}

export async function quickPrices(deps: ApiDeps, userId: number): Promise<QuickPrices> {
  await assertPriced(deps.db, userId);
  return readQuickPrices(deps.db, userId);
}

export async function saveQuickPrices(deps: ApiDeps, userId: number, input: QuickPricesInput): Promise<QuickPrices> {
  return deps.db.transaction().execute(async (trx) => {
    await assertPriced(trx, userId);
    await writeTimePrices(trx, userId, input.prices, QUICK_PRICE_DURATIONS);
    return readQuickPrices(trx, userId);
  });
}
