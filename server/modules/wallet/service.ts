/**
 * The wallet's rules (issue 27 items 2 and 6, ADR 081): what the dollar page shows (balances, packages, the
 * auto-recharge setting), the setting itself, the look-up of a money request by its idempotency key, and the live
 * balance's event. The history is in ./history.ts, auto recharge in ./recharge.ts, spending in ./spend.ts.
 */
import type { ApiDeps } from "../../api/types";
import { fail } from "../../api/errors";
import type { TransactionKind } from "../../contract/ledger";
import {
  AUTO_RECHARGE_MONTHLY_MAX,
  autoRechargeUnavailableKey,
  DOLLAR_PACKAGES,
  OPERATION_LOOKUP_KEY_PATTERN,
  type AutoRechargeSetting,
  type DollarWallet,
  type WalletOperationState,
} from "../../contract/wallet";
import { memberBalances } from "../ledger/index";
import { autoRechargeSettingOf, rechargePaymentOf, rechargesThisMonth } from "./recharge";
import { dollarBalances } from "./spend";

/** GET /wallets/dollar: the member's own balances, the packages and the auto-recharge setting. */
export async function dollarWallet(deps: ApiDeps, memberId: number): Promise<DollarWallet> {
  const now = deps.clock.now();
  const [balances, setting, used, payment] = await Promise.all([
    dollarBalances(deps, memberId),
    autoRechargeSettingOf(deps, memberId),
    rechargesThisMonth(deps.db, memberId, now),
    rechargePaymentOf(deps, memberId, now),
  ]);
  return {
    balances,
    packages: DOLLAR_PACKAGES.map((pkg) => ({ sku: pkg.sku, dollars: pkg.dollars, price_cents: pkg.priceCents })),
    auto_recharge: {
      // A stored "on" that cannot run is shown as what it is: off (the page says why).
      enabled: setting.enabled && payment.unavailable === null,
      sku: setting.sku,
      monthly_max: AUTO_RECHARGE_MONTHLY_MAX,
      used_this_month: used,
      stored_payment: payment.stored !== null,
      unavailable: payment.unavailable,
    },
  };
}

/**
 * Turns auto recharge on or off and chooses its package; answers the wallet as GET does. Turning it on needs a renewing
 * plus contract with a stored payment (409 at the field `enabled`, the reason as its message); off is always allowed.
 */
export async function saveAutoRecharge(deps: ApiDeps, memberId: number, setting: AutoRechargeSetting): Promise<DollarWallet> {
  const now = deps.clock.now();
  if (setting.enabled) {
    const payment = await rechargePaymentOf(deps, memberId, now);
    if (payment.unavailable) throw fail.conflict(autoRechargeUnavailableKey(payment.unavailable), "enabled");
  }
  const values = { auto_recharge: setting.enabled ? 1 : 0, auto_recharge_sku: setting.sku, updated_at: now };
  await deps.db
    .insertInto("wallet_preferences")
    .values({ user_id: memberId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return dollarWallet(deps, memberId);
}

/**
 * The viewer's own operation under an idempotency key, as a token operation (B's tip script polls it). Only
 * operations the viewer asked for are found; none, or another member's, answers "pending" with no operation: a
 * caller cannot tell another member's key from one not used yet.
 */
export async function operationByKey(deps: ApiDeps, viewerId: number, key: string): Promise<WalletOperationState> {
  if (!OPERATION_LOOKUP_KEY_PATTERN.test(key)) throw fail.badRequest("validation.invalid", "key");
  const [row, balances] = await Promise.all([
    deps.db
      .selectFrom("ledger_operations")
      .select(["id", "kind", "status"])
      .where("idempotency_key", "=", key)
      .where("actor_user_id", "=", viewerId)
      .executeTakeFirst(),
    memberBalances(deps, viewerId, "dollar"),
  ]);
  if (!row) return { status: "pending", operation_id: null, kind: null, amount: 0, balance: balances.wallet, replayed: false };
  const moved = await deps.db
    .selectFrom("ledger_transfers")
    .select((eb) => eb.fn.sum<number>("amount").as("sum"))
    .where("operation_id", "=", row.id)
    .executeTakeFirst();
  return {
    status: row.status,
    operation_id: row.id,
    kind: row.kind as TransactionKind,
    amount: row.status === "succeeded" ? Number(moved?.sum ?? 0) : 0,
    balance: balances.wallet,
    replayed: true,
  };
}
