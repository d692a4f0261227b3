/** The payouts module's tables (migration 0073, issue 27, ADR 086). Times epoch ms; amounts in dollars, euro amounts in cents. */
import type { Generated } from "kysely";

export interface PayoutSecureCodesTable {
  user_id: number;
  code_hash: string;
  failed_tries: number;
  created_at: number;
  updated_at: number;
}

export interface PayoutSecureCodeResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PayoutBankAccountsTable {
  user_id: number;
  /** Electronic format (no spaces, upper case). */
  iban: string;
  bic: string | null;
  /** Exactly as the member typed it (spaces collapsed): the bank matches it against the account. */
  holder: string;
  /** When the IBAN was set or last changed: payouts wait IBAN_CHANGE_BLOCK_HOURS after it. */
  iban_changed_at: number;
  updated_at: number;
}

export interface PayoutBatchesTable {
  id: Generated<number>;
  message_id: string;
  due_date: string;
  transactions: number;
  control_sum_cents: number;
  xml: string;
  created_by: number;
  created_at: number;
  sent_by: number | null;
  sent_at: number | null;
}

export interface PayoutsTable {
  id: Generated<number>;
  user_id: number;
  /** `payout:<user id>:<client key>`: the ledger operation's key too. */
  request_key: string;
  amount: number;
  amount_cents: number;
  /** contract/wallet PAYOUT_STATUSES. */
  status: number;
  outcome: "succeeded" | "failed" | null;
  iban: string;
  bic: string | null;
  holder: string;
  end_to_end_id: string;
  operation_id: number;
  batch_id: number | null;
  created_at: number;
  settled_at: number | null;
  confirmed_at: number | null;
}

export interface EarningReleasesTable {
  transfer_id: number;
  user_id: number;
  amount: number;
  operation_id: number;
  released_at: number;
}

/** A payout a bank statement brought back (migration 0078, ADR 091): one per payout, one per statement line. */
export interface PayoutReturnsTable {
  payout_id: number;
  bank_line_id: number;
  amount_cents: number;
  return_reason: string | null;
  booked_at: number;
}

// The tables join the database's type by declaration merging (ADR 067).
declare module "../../db/schema/index" {
  interface Database {
    payout_secure_codes: PayoutSecureCodesTable;
    payout_secure_code_resets: PayoutSecureCodeResetsTable;
    payout_bank_accounts: PayoutBankAccountsTable;
    payout_batches: PayoutBatchesTable;
    payouts: PayoutsTable;
    earning_releases: EarningReleasesTable;
    payout_returns: PayoutReturnsTable;
  }
}
