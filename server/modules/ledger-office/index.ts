/**
 * The ledger in the back office (issue 27 item 7, ADR 087): any member's ledger read-only, grants and corrections
 * only as new operations with a reason, freezes for fraud, and the daily reconciliation with its reports and alert.
 */
import { defineFeature, defineJob } from "../manifest";
import * as m0074 from "./migrations/0074_ledger_office";
import { runDailyReconciliation } from "./reconciliation";
import { registerLedgerOffice } from "./routes";

export const manifest = defineFeature({
  name: "ledger-office",
  routes: registerLedgerOffice,
  migrations: { "0074_ledger_office": m0074 },
  jobs: {
    /** Reconciles dollars and euros, stores the reports, alerts on a difference, queues the next day's run. */
    "ledger.reconcile": defineJob<Record<string, never>>((deps) => ({ run: async () => void (await runDailyReconciliation(deps)) })),
  },
});
export { measureCurrency, scheduleLedgerReconciliation } from "./reconciliation";
export { memberLedger } from "./service";
