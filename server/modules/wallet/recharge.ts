/**
 * Auto recharge (issue 27 item 2, spec "auto recharge 10", ADR 081). Opt-in: when a spend the member confirmed finds
 * too little in the wallet, the member opted in and a stored payment exists (a renewing plus contract's card token or
 * SEPA mandate, the one renewals charge; a cancelled or ended contract's token is never charged, ADR 081 addendum), the
 * wallet buys the smallest package that covers the shortfall — at least the
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
  type AutoRechargeUnavailable,
} from "../../contract/wallet";
import type { DB } from "../../db/index";
import { lockMembersForLimits } from "../../db/locks";
import { renewalStateOf } from "../plus/index";
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

/**
 * The payment auto recharge may charge at `now`: the renewing plus contract's provider token (renewals charge the same
 * one), or why there is none. A cancelled or ended contract keeps its token for refunds, but the member ended the
 * relationship that allowed charging it without them, so it is never used here (ADR 081 addendum).
 */
export async function rechargePaymentOf(
  deps: Pick<ApiDeps, "db">,
  memberId: number,
  now: number,
): Promise<{ stored: StoredPayment; unavailable: null } | { stored: null; unavailable: AutoRechargeUnavailable }> {
  const state = await renewalStateOf(deps.db, memberId, now);
  if (!state.renewing) return { stored: null, unavailable: state.reason };
  const { id, payment_method: method, payment_token: token } = state.renewing;
  if (!method || !token) return { stored: null, unavailable: "no_stored_payment" };
  return { stored: { membershipId: id, method, token }, unavailable: null };
}

/** The smallest package that covers `shortfall`, at least the chosen one; the largest when none covers it. */
export function rechargePackageFor(shortfall: number, chosenSku: string) {
  const chosen = DOLLAR_PACKAGES.find((pkg) => pkg.sku === chosenSku) ?? DOLLAR_PACKAGES[0];
  const candidates = DOLLAR_PACKAGES.filter((pkg) => pkg.dollars >= chosen.dollars);
  return candidates.find((pkg) => pkg.dollars >= shortfall) ?? candidates[candidates.length - 1] ?? chosen;
}

/**
 * Starts the recharge for one spend that found `shortfall` dollars too few (or answers why none runs). The refusals
 * (`not_enabled`, `not_renewing`, `no_stored_payment`, `monthly_limit`) leave no row; a started recharge's row keeps its
 * outcome, and a retry of the same spend answers that outcome without charging again.
 */
export async function autoRecharge(
  deps: ApiDeps,
  request: { payer: number; spendKey: string; shortfall: number },
): Promise<AutoRechargeOutcome> {
  const setting = await autoRechargeSettingOf(deps, request.payer);
  if (!setting.enabled) return "not_enabled";
  const now = deps.clock.now();
  // The setting stays "on" after a cancellation (the page shows it disabled); the run asks again every time.
  const payment = await rechargePaymentOf(deps, request.payer, now);
  if (!payment.stored) return payment.unavailable === "no_stored_payment" ? "no_stored_payment" : "not_renewing";
  const stored = payment.stored;
  const pkg = rechargePackageFor(request.shortfall, setting.sku);
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
