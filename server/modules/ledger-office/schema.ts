/** The ledger office's table (migration 0074, issue 27 item 7, ADR 087). Times epoch ms, amounts whole units. */
import type { Generated } from "kysely";
import type { LedgerCurrency } from "../../contract/ledger";

/** One reconciliation of one currency: what reconcileLedger measured and, for dollars, the identity's terms. */
export interface LedgerReconciliationsTable {
  id: Generated<number>;
  currency: LedgerCurrency;
  /** "job" (the daily run) or "staff" (a back-office "run now"). */
  trigger: string;
  actor_id: number | null;
  /** 1 when every check came out 0. */
  ok: number;
  accounts: number;
  transfers: number;
  imbalance: number;
  negative: number;
  mismatched: number;
  liabilities: number | null;
  /** JSON of ReconciliationIdentity (dollars only). */
  identity_json: string | null;
  identity_difference: number | null;
  /** JSON of the platform accounts' recomputed balances by name. */
  platform_json: string;
  ran_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    ledger_reconciliations: LedgerReconciliationsTable;
  }
}
