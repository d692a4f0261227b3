/**
 * Auto recharge (issue 27 item 2, spec "auto recharge 10", ADR 081). Opt-in: when a spend the member confirmed finds
 * too little in the wallet, the member opted in and a stored payment exists (a renewing plus contract's card token or
 * SEPA mandate, the one renewals charge), the wallet buys the smallest package that covers the shortfall — at least the
 * package the member chose — as an order of goods "dollar" charged like a renewal, without the member. When that
 * payment settles at once, the spend runs again under a derived key; when it does not, the spend answers "pending".
 *
 * At most AUTO_RECHARGE_MONTHLY_MAX recharges a calendar month (Europe/Berlin): counted under the member's lock in
 * LOCK_SPACES.autoRecharge, so twenty spends at once start at most what is left of the month. One spend (its ledger
 * key) starts at most one recharge, however often it is retried.
 */
import type { ApiDeps } from "../../api/types";
import {
  AUTO_RECHARGE_MONTHLY_MAX,
  berlinMonthOf,
  berlinMonthRange,
  DOLLAR_PACKAGES,
  type AutoRechargeOutcome,
} from "../../contract/wallet";
import type { DB } from "../../db/index";
import { lockMembersForLimits } from "../../db/locks";
import { chargeDollarRecharge, type StoredPayment } from "./recharge-charge";

/** The package auto recharge buys when the member chose none: the base package. */
const DEFAULT_RECHARGE_SKU = DOLLAR_PACKAGES[0].sku;

export async function autoRechargeSettingOf(deps: Pick<ApiDeps, "db">, memberId: number): Promise<{ enabled: boolean; sku: string }> {
  const row = await deps.db
    .selectFrom("wallet_preferences")
    .select(["auto_recharge", "auto_recharge_sku"])
    .where("user_id", "=", memberId)
    .executeTakeFirst();
  return { enabled: row?.auto_recharge === 1, sku: row?.auto_recharge_sku ?? DEFAULT_RECHARGE_SKU };
}

/** Recharges started in the calendar month `now` falls in. */
export async function rechargesThisMonth(db: DB, memberId: number, now: number): Promise<number> {
  const { from, until } = berlinMonthRange(berlinMonthOf(now));
  const row = await db
    .selectFrom("wallet_recharges")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", memberId)
    .where("created_at", ">=", from)
    .where("created_at", "<", until)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The member's stored payment: the newest plus contract with a provider's token (renewals charge the same one). */
export async function storedPaymentOf(deps: Pick<ApiDeps, "db">, memberId: number): Promise<StoredPayment | null> {
  const row = await deps.db
    .selectFrom("memberships")
    .select(["id", "payment_method", "payment_token"])
    .where("user_id", "=", memberId)
    .where("payment_method", "is not", null)
    .where("payment_token", "is not", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row?.payment_method || !row.payment_token) return null;
  return { membershipId: row.id, method: row.payment_method, token: row.payment_token };
}

/** The smallest package that covers `shortfall`, at least the chosen one; the largest when none covers it. */
export function rechargePackageFor(shortfall: number, chosenSku: string) {
  const chosen = DOLLAR_PACKAGES.find((pkg) => pkg.sku === chosenSku) ?? DOLLAR_PACKAGES[0];
  const candidates = DOLLAR_PACKAGES.filter((pkg) => pkg.dollars >= chosen.dollars);
  return candidates.find((pkg) => pkg.dollars >= shortfall) ?? candidates[candidates.length - 1] ?? chosen;
}

/**
 * Starts the recharge for one spend that found `shortfall` dollars too few (or answers why none runs). The refusals
 * (`not_enabled`, `no_stored_payment`, `monthly_limit`) leave no row; a started recharge's row keeps its outcome, and a
 * retry of the same spend answers that outcome without charging again.
 */
export async function autoRecharge(
  deps: ApiDeps,
  request: { payer: number; spendKey: string; shortfall: number },
): Promise<AutoRechargeOutcome> {
  const setting = await autoRechargeSettingOf(deps, request.payer);
  if (!setting.enabled) return "not_enabled";
  const stored = await storedPaymentOf(deps, request.payer);
  if (!stored) return "no_stored_payment";
  const pkg = rechargePackageFor(request.shortfall, setting.sku);
  const now = deps.clock.now();
  const claim = await deps.db.transaction().execute(async (trx) => {
    // The month's count and the insert under the member's lock: parallel spends start at most what is left.
    await lockMembersForLimits(trx, deps.dialect, "autoRecharge", [request.payer]);
    const earlier = await trx
      .selectFrom("wallet_recharges")
      .select(["id", "outcome"])
      .where("spend_key", "=", request.spendKey)
      .executeTakeFirst();
    if (earlier) return { kind: "earlier", outcome: earlier.outcome as AutoRechargeOutcome } as const;
    if ((await rechargesThisMonth(trx, request.payer, now)) >= AUTO_RECHARGE_MONTHLY_MAX)
      return { kind: "refused", outcome: "monthly_limit" } as const;
    const row = await trx
      .insertInto("wallet_recharges")
      .values({ user_id: request.payer, spend_key: request.spendKey, sku: pkg.sku, order_id: null, outcome: "pending", created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kind: "started", id: row.id } as const;
  });
  if (claim.kind !== "started") return claim.outcome;
  const charged = await chargeDollarRecharge(deps, { payer: request.payer, sku: pkg.sku, stored });
  await deps.db
    .updateTable("wallet_recharges")
    .set({ order_id: charged.orderId, outcome: charged.outcome })
    .where("id", "=", claim.id)
    .execute();
  return charged.outcome;
}
