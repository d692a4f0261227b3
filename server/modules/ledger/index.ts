/**
 * The ledger kernel (issue 27, ADR 073): every movement of money — dollars and euros — is posted here, and only here.
 * Features (membership, wallet, tips, unlocks, payouts) describe their operations as transfers between accounts and
 * call `postOperation`; they never write the ledger's tables. A kernel other modules call: its manifest brings only
 * its migration (its tables' types join `Database` from ./schema.ts, ADR 067).
 */
import { defineFeature } from "../manifest";
import * as m0061 from "./migrations/0061_ledger";

export const manifest = defineFeature({ name: "ledger", migrations: { "0061_ledger": m0061 } });
export {
  postOperation,
  postOperationIn,
  LedgerInsufficient,
  memberBalances,
  systemBalance,
  type LedgerDeps,
  type OperationRequest,
  type PartialTransferInput,
} from "./ledger";
export { reconcileLedger, type LedgerReport } from "./reconcile";
export { dollarOperations, euroOperations, vatShare, type DollarOperation, type EuroOperation, type PlatformPurchase } from "./operations";
