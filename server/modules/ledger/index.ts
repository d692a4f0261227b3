/**
 * The ledger kernel (issue 27, ADR 073): every movement of money — dollars and euros — is posted here, and only here.
 * Features (membership, wallet, tips, unlocks, payouts) describe their operations as transfers between accounts and
 * call `postOperation`; they never write the ledger's tables. Like `access`, a kernel other modules call: it
 * contributes no routes of its own, so it is not in the manifest list.
 */
export { postOperation, memberBalances, systemBalance, type LedgerDeps, type OperationRequest, type PartialTransferInput } from "./ledger";
export { reconcileLedger, type LedgerReport } from "./reconcile";
export { dollarOperations, type DollarOperation, type PlatformPurchase } from "./operations";
