/** The bank module's tables (migration 0066, issue 26 item 3). Money in euro cents, times epoch ms, days YYYY-MM-DD. */
import type { Generated } from "kysely";

/** A SEPA direct-debit mandate: the member's account, the holder's exact name as typed, the date they signed. */
export interface SepaMandatesTable {
  id: Generated<number>;
  user_id: number;
  /** The mandate reference (Mandatsreferenz) printed on pre-notifications and in every collection. */
  reference: string;
  iban: string;
  bic: string | null;
  holder: string;
  /** The creditor identifier the mandate was given to. */
  creditor_id: string;
  signed_at: number;
  status: "active" | "revoked";
  /** When its first collection went out in a file: FRST before, RCUR after. */
  first_collected_at: number | null;
  created_at: number;
}

/**
 * One order's direct debit: `scheduled` (pre-notified, waiting for its file), `submitted` (in a pain.008 file: the
 * order is settled), `returned` (an R-transaction: a chargeback).
 */
export interface SepaCollectionsTable {
  id: Generated<number>;
  order_id: number;
  mandate_id: number;
  amount_cents: number;
  due_date: string;
  sequence_type: "FRST" | "RCUR" | "OOFF";
  end_to_end_id: string;
  status: "scheduled" | "submitted" | "returned";
  prenotified_at: number | null;
  file_id: number | null;
  return_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** A SEPA file for the operator's bank, kept as built (the back office downloads it). */
export interface BankFilesTable {
  id: Generated<number>;
  kind: "pain.008" | "pain.001";
  format: string;
  message_id: string;
  due_date: string;
  transactions: number;
  control_sum_cents: number;
  xml: string;
  created_by: number | null;
  created_at: number;
}

/** Money the platform sends by transfer (a refund the law requires, later payouts): `requested`, then `exported` in a pain.001. */
export interface BankTransfersTable {
  id: Generated<number>;
  order_id: number | null;
  user_id: number | null;
  iban: string;
  bic: string | null;
  holder: string;
  amount_cents: number;
  remittance: string;
  reason: string;
  end_to_end_id: string;
  status: "requested" | "exported";
  file_id: number | null;
  created_by: number | null;
  created_at: number;
}

/**
 * A line of an imported statement. Credits: `matched` (exact), `partial` (less than open; the order stays open),
 * `overpaid` (more than open: settled and listed), `unmatched` (no order: the manual list), `assigned` (by hand).
 * Returned debits (R-transactions): `returned` (its collection charged back) or `unmatched`. Transfers of ours that came
 * back (`transfer_return`): `returned` (booked back by their sender, a payout: ADR 091) or `unmatched`.
 */
export interface BankLinesTable {
  id: Generated<number>;
  bank_reference: string;
  statement_id: string;
  kind: "credit" | "return" | "transfer_return";
  booked_at: number;
  amount_cents: number;
  debtor_name: string | null;
  debtor_iban: string | null;
  remittance: string | null;
  end_to_end_id: string | null;
  return_reason: string | null;
  status: "matched" | "partial" | "overpaid" | "unmatched" | "assigned" | "returned";
  order_id: number | null;
  imported_by: number | null;
  assigned_by: number | null;
  created_at: number;
  updated_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    sepa_mandates: SepaMandatesTable;
    sepa_collections: SepaCollectionsTable;
    bank_files: BankFilesTable;
    bank_transfers: BankTransfersTable;
    bank_lines: BankLinesTable;
  }
}
