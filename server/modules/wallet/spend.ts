/**
 * The one way a feature spends or moves a member's dollars (issue 27): tips, unlocks, boosts, rise-ups, gifts and
 * payouts build their operation with `dollarOperations` (server/modules/ledger/operations.ts) and post it here, under
 * the client's idempotency key. The answer is the spec's token operation (contract/wallet TokenOperationAnswer): the
 * same on every retry with the key, "insufficient" when the wallet does not cover it (nothing moved).
 */
import type { ApiDeps } from "../../api/types";
import type { AutoRechargeOutcome, DollarBalances, TokenOperationAnswer } from "../../contract/wallet";
import { memberBalances, postOperation, type DollarOperation } from "../ledger/index";
import { notifyWalletChanged } from "./notify";
import { autoRecharge } from "./recharge";

export interface DollarSpend {
  /** The member who pays (the operation's actor; the wallet whose balance the answer shows). */
  payer: number;
  /**
   * The client's idempotency key (contract/wallet MONEY_KEY_PATTERN). The caller prefixes it with what it pays for
   * ("tip:<key>"), so one key cannot pay for two different things.
   */
  key: string;
  operation: DollarOperation;
  /** What it paid for, for the history ("message:123", "profile:45"). */
  reference?: string | null;
}

/** The ledger key of a spend's second attempt after an auto recharge paid: one per spend, so a retry finds it. */
export const afterRechargeKey = (key: string) => `${key}:recharged`;

async function post(deps: ApiDeps, spend: DollarSpend, key: string): Promise<TokenOperationAnswer> {
  const result = await postOperation(deps, {
    key,
    kind: spend.operation.kind,
    currency: "dollar",
    actorId: spend.payer,
    reference: spend.reference ?? null,
    transfers: spend.operation.transfers,
  });
  const balances = await memberBalances(deps, spend.payer, "dollar");
  return {
    status: result.status,
    operation_id: result.operationId,
    kind: spend.operation.kind,
    amount: result.moved,
    balance: balances.wallet,
    replayed: result.replayed,
  };
}

/** What the operation takes from the payer's wallet (the shortfall is this minus the balance). */
const takenFromWallet = (spend: DollarSpend) =>
  spend.operation.transfers
    .filter((t) => "member" in t.from && t.from.member === spend.payer && t.from.account === "wallet")
    .reduce((sum, t) => sum + t.amount, 0);

/** Every member whose accounts the operation moves: their header balances follow (notifyWalletChanged). */
const membersOf = (spend: DollarSpend) => [
  ...new Set(spend.operation.transfers.flatMap((t) => [t.from, t.to]).flatMap((ref) => ("member" in ref ? [ref.member] : []))),
];

/**
 * Posts one dollar operation and answers it as a token operation. When the wallet does not cover it and the payer
 * opted in to auto recharge (./recharge.ts), a package is bought with the stored payment first: paid at once, the
 * spend runs again under afterRechargeKey(key) and answers that; still under way, it answers "pending". Every member
 * the operation moved gets the live balance event after the commit.
 */
export async function spendDollars(deps: ApiDeps, spend: DollarSpend): Promise<TokenOperationAnswer> {
  let answer = await post(deps, spend, spend.key);
  if (answer.status === "insufficient") answer = await afterInsufficient(deps, spend, answer);
  if (answer.status === "succeeded" && !answer.replayed) await Promise.all(membersOf(spend).map((id) => notifyWalletChanged(deps, id)));
  return answer;
}

async function afterInsufficient(deps: ApiDeps, spend: DollarSpend, insufficient: TokenOperationAnswer): Promise<TokenOperationAnswer> {
  const earlier = await deps.db.selectFrom("wallet_recharges").select("outcome").where("spend_key", "=", spend.key).executeTakeFirst();
  // A retry of a spend whose recharge already ran answers what that recharge led to; a first attempt may start one.
  if (!earlier && insufficient.replayed) return insufficient;
  const outcome =
    (earlier?.outcome as AutoRechargeOutcome | undefined) ??
    (await autoRecharge(deps, { payer: spend.payer, spendKey: spend.key, shortfall: takenFromWallet(spend) - insufficient.balance }));
  if (outcome === "charged") return post(deps, spend, afterRechargeKey(spend.key));
  if (outcome === "pending") return { ...insufficient, status: "pending", operation_id: null, amount: 0 };
  return insufficient;
}

/** A member's dollar balances (one query: the cached member accounts). */
export async function dollarBalances(deps: ApiDeps, memberId: number): Promise<DollarBalances> {
  const balances = await memberBalances(deps, memberId, "dollar");
  return { available: balances.wallet, pending: balances.pending, frozen: balances.frozen, in_payout: balances.payout };
}
