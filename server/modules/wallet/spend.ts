/**
 * The one way a feature spends or moves a member's dollars (issue 27): tips, unlocks, boosts, rise-ups, gifts and
 * payouts build their operation with `dollarOperations` (server/modules/ledger/operations.ts) and post it here, under
 * the client's idempotency key. The answer is the spec's token operation (contract/wallet TokenOperationAnswer): the
 * same on every retry with the key, "insufficient" when the wallet does not cover it (nothing moved).
 */
import type { ApiDeps } from "../../api/types";
import type { DollarBalances, TokenOperationAnswer } from "../../contract/wallet";
import { memberBalances, postOperation, type DollarOperation } from "../ledger/index";

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

/** Posts one dollar operation and answers it as a token operation. */
export async function spendDollars(deps: ApiDeps, spend: DollarSpend): Promise<TokenOperationAnswer> {
  const result = await postOperation(deps, {
    key: spend.key,
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

/** A member's dollar balances (one query: the cached member accounts). */
export async function dollarBalances(deps: ApiDeps, memberId: number): Promise<DollarBalances> {
  const balances = await memberBalances(deps, memberId, "dollar");
  return { available: balances.wallet, pending: balances.pending, frozen: balances.frozen, in_payout: balances.payout };
}
