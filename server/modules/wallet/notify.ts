/**
 * The live balance (issue 27 item 6, ADR 081): after every committed change of a member's wallet the member's open
 * sockets get the new balances (realtime event "wallet"), and the header's figure follows without a reload. The event
 * carries the balances read after the commit, so a late or repeated event never shows an older figure than the
 * database held when it was sent; a lost one is repaired by the next page load (the database is the record).
 */
import type { ApiDeps } from "../../api/types";
import { memberBalances } from "../ledger/index";

/** Publishes the member's balances as they are now. Call it after the transaction that changed them committed. */
export async function notifyWalletChanged(deps: ApiDeps, memberId: number): Promise<void> {
  const accounts = await memberBalances(deps, memberId, "dollar");
  const balances = { available: accounts.wallet, pending: accounts.pending, frozen: accounts.frozen, in_payout: accounts.payout };
  await deps.bus.publish({ to: [memberId], event: { type: "wallet", balances } });
}

/** How long a delivery inside another module's transaction is watched for its commit (then the page load repairs it). */
const COMMIT_WATCH_MS = 10_000;
const COMMIT_POLL_MS = 100;

/**
 * For a change posted inside another module's transaction (the checkout's delivery of a paid order): publishes once
 * the ledger operation under `operationKey` is visible outside that transaction, i.e. committed. A rolled-back
 * delivery is never seen and publishes nothing. Runs in the background; never throws.
 */
export function notifyWalletWhenCommitted(deps: ApiDeps, memberId: number, operationKey: string): void {
  const until = Date.now() + COMMIT_WATCH_MS;
  const look = async (): Promise<void> => {
    const row = await deps.db.selectFrom("ledger_operations").select("id").where("idempotency_key", "=", operationKey).executeTakeFirst();
    if (row) return notifyWalletChanged(deps, memberId);
    if (Date.now() < until) setTimeout(() => void look().catch(failed), COMMIT_POLL_MS);
  };
  const failed = (err: unknown) => deps.log.warn({ memberId, err }, "wallet: the live balance was not published");
  setTimeout(() => void look().catch(failed), 0);
}
