/**
 * The bank (issue 26): SEPA direct debit mandates and pain.008 collection files, pain.001 transfers (refunds the law
 * requires by transfer), and the camt.053/054 statements the back office imports: incoming transfers matched to
 * open invoices (TR), returned debits (R-transactions) turned into chargebacks.
 *
 * SKELETON (lead, session 16): the bank helper implements it (migration 0066 in ./migrations).
 */
import type { ApiDeps } from "../../api/types";
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "bank" });

export interface StatementImportResult {
  /** Lines matched exactly to an open invoice and settled. */
  matched: number;
  /** Lines matched to an invoice with a different amount (recorded; the rest stays open or is listed). */
  partial: number;
  /** Lines no invoice could be found for: the back office's manual list. */
  unmatched: number;
  /** R-transactions (returned direct debits) turned into chargebacks. */
  returned: number;
  /** Lines seen in an earlier import (same bank reference): skipped. */
  duplicates: number;
}

/** Imports a camt.053 or camt.054 file (XML text) for the back office; `staffId` goes to the audit trail. */
export async function importBankStatement(_deps: ApiDeps, _xml: string, _staffId: number): Promise<StatementImportResult> {
  throw new Error("bank: importBankStatement is not built yet");
}

export interface UnmatchedBankLine {
  id: number;
  booked_at: number;
  amount_cents: number;
  debtor_name: string | null;
  remittance: string | null;
  bank_reference: string;
}

/** The incoming lines no invoice matched, oldest first, for the back office to assign or return. */
export async function unmatchedBankLines(_deps: ApiDeps, _page: number): Promise<UnmatchedBankLine[]> {
  throw new Error("bank: unmatchedBankLines is not built yet");
}

/** Assigns an unmatched line to an order by hand (back office), settling what it pays. */
export async function assignBankLine(_deps: ApiDeps, _lineId: number, _orderRef: string, _staffId: number): Promise<void> {
  throw new Error("bank: assignBankLine is not built yet");
}
