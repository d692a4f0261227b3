/**
 * The live balance (issue 27 item 6, ADR 081): after every committed change of a member's wallet the member's open
 * sockets get the new balances (realtime event "wallet"), and the header's figure follows without a reload. The event
 * carries the balances read after the commit, so a late or repeated event never shows an older figure than the
 * database held when it was sent; a lost one is repaired by the next page load (the database is the record).
 */
import type { Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { afterCommit } from "../../db/after-commit";
import type { Database } from "../../db/schema";
import { memberBalances } from "../ledger/index";

/** Publishes the member's balances as they are now. Call it after the transaction that changed them committed. */
export async function notifyWalletChanged(deps: ApiDeps, memberId: number): Promise<void> {
  const accounts = await memberBalances(deps, memberId, "dollar");
  const balances = { available: accounts.wallet, pending: accounts.pending, frozen: accounts.frozen, in_payout: accounts.payout };
  await deps.bus.publish({ to: [memberId], event: { type: "wallet", balances } });
}

/**
 * For a change posted inside a transaction another module runs (the checkout's delivery of a paid order): publishes
 * once that transaction committed (server/db/after-commit.ts); a rolled-back delivery publishes nothing.
 */
export function notifyWalletAfterCommit(trx: Transaction<Database>, deps: ApiDeps, memberId: number): void {
  afterCommit(trx, () => notifyWalletChanged(deps, memberId));
}
