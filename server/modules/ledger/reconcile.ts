/**
 * The ledger's invariants, measured (issue 27 item 7, ADR 073): per currency, every account's balance recomputed
 * from its transfers; member accounts' cached balances must equal it and never be negative, and the sum over all
 * accounts (members' cached, the platform's summed) must be zero. The daily reconciliation report, the property
 * tests and the ledger benchmark read this one report.
 */
import type { LedgerCurrency } from "../../contract/ledger";
import type { LedgerDeps } from "./ledger";

export interface LedgerReport {
  currency: LedgerCurrency;
  accounts: number;
  transfers: number;
  /** Member accounts below zero (recomputed or cached). */
  negative: number;
  /** Member accounts whose cached balance differs from the sum of their transfers. */
  mismatched: number;
  /** The sum over all accounts: members' cached balances plus the platform's summed ones. Must be 0. */
  imbalance: number;
  /** Recomputed balances of the platform's accounts by name. */
  platform: Record<string, number>;
}

export async function reconcileLedger(deps: LedgerDeps, currency: LedgerCurrency): Promise<LedgerReport> {
  const accounts = await deps.db
    .selectFrom("ledger_accounts")
    .select(["id", "user_id", "purpose", "balance"])
    .where("currency", "=", currency)
    .execute();
  const ids = accounts.map((a) => a.id);
  const computed = new Map<number, number>(ids.map((id) => [id, 0]));
  let transfers = 0;
  if (ids.length > 0) {
    const [incoming, outgoing, count] = await Promise.all([
      deps.db
        .selectFrom("ledger_transfers")
        .select(["to_account_id as id", (eb) => eb.fn.sum<number>("amount").as("sum")])
        .where("to_account_id", "in", ids)
        .groupBy("to_account_id")
        .execute(),
      deps.db
        .selectFrom("ledger_transfers")
        .select(["from_account_id as id", (eb) => eb.fn.sum<number>("amount").as("sum")])
        .where("from_account_id", "in", ids)
        .groupBy("from_account_id")
        .execute(),
      deps.db
        .selectFrom("ledger_transfers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("from_account_id", "in", ids)
        .executeTakeFirstOrThrow(),
    ]);
    for (const row of incoming) computed.set(row.id, (computed.get(row.id) ?? 0) + Number(row.sum));
    for (const row of outgoing) computed.set(row.id, (computed.get(row.id) ?? 0) - Number(row.sum));
    transfers = Number(count.n);
  }
  let negative = 0;
  let mismatched = 0;
  let imbalance = 0;
  const platform: Record<string, number> = {};
  for (const account of accounts) {
    const summed = computed.get(account.id) ?? 0;
    if (account.user_id === null) {
      platform[account.purpose] = summed;
      imbalance += summed;
      continue;
    }
    const cached = Number(account.balance);
    if (cached !== summed) mismatched += 1;
    if (cached < 0 || summed < 0) negative += 1;
    imbalance += cached;
  }
  return { currency, accounts: accounts.length, transfers, negative, mismatched, imbalance, platform };
}
