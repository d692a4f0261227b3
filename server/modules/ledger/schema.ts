/** The double-entry ledger (migration 0061, ADR 073). Amounts are whole units of the account's currency; times epoch ms. */
import type { Generated } from "kysely";
import type { LedgerCurrency, LedgerOperationKind, TokenOperationStatus } from "../../contract/ledger";

/**
 * One account: a member's (`user_id` set, `purpose` one of MEMBER_ACCOUNTS) or the platform's (`user_id` null,
 * `purpose` one of SYSTEM_ACCOUNTS). A member account's `balance` caches the sum of its transfers; it changes only in
 * the transaction that writes them, by a conditional update (`balance + delta >= 0`), never from a value read before.
 * The platform's accounts keep 0 here: their balance is summed from their transfers.
 */
export interface LedgerAccountsTable {
  id: Generated<number>;
  user_id: number | null;
  purpose: string;
  currency: LedgerCurrency;
  balance: number;
  created_at: number;
}

/**
 * One request that moves money, found again by its idempotency key: a retry answers what the first attempt
 * answered. `fingerprint` is a hash of what was asked, so a key reused for another request is refused.
 */
export interface LedgerOperationsTable {
  id: Generated<number>;
  idempotency_key: string;
  fingerprint: string;
  kind: LedgerOperationKind;
  status: Extract<TokenOperationStatus, "succeeded" | "insufficient">;
  /** The member who asked (null for the platform's own operations: releases, reconciliation grants). */
  actor_user_id: number | null;
  /** What the operation was about (a date id, a username, an order): free text for the history, no money. */
  reference: string | null;
  created_at: number;
}

/** One movement, written once and never changed. */
export interface LedgerTransfersTable {
  id: Generated<number>;
  operation_id: number;
  from_account_id: number;
  to_account_id: number;
  amount: number;
  created_at: number;
}

// The ledger's tables join the database's type from here, by declaration merging (ADR 067).
declare module "../../db/schema/index" {
  interface Database {
    ledger_accounts: LedgerAccountsTable;
    ledger_operations: LedgerOperationsTable;
    ledger_transfers: LedgerTransfersTable;
  }
}
