/**
 * Invoices and credit notes (issue 26): gapless numbers per year, VAT by the buyer's country from the dated rate
 * table, the fields § 14 UStG requires, PDFs in the member's language.
 *
 * SKELETON (lead, session 16): signatures the checkout builds against; the invoices helper implements them.
 */
import type { Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import type { InvoiceStatus, VatDecision } from "../../contract/billing";
import type { Database } from "../../db/schema";

export interface VatQuestion {
  /** The buyer's country (ISO alpha-2) after the location evidence was weighed. */
  country: string;
  /** A business buyer with a VAT ID whose format holds (jsvat); VIES may confirm it later. */
  vatId: string | null;
  /** The invoice date (ms): the rate valid on that day. */
  at: number;
}

/** The VAT an order is charged (EU one-stop shop for consumers; reverse charge for other EU states' businesses). */
export function decideVat(_question: VatQuestion): VatDecision {
  throw new Error("invoices: decideVat is not built yet");
}

/** Writes the invoice of a paid order (inside the settlement's transaction) and answers its id and number. */
export async function issueInvoice(
  _trx: Transaction<Database>,
  _deps: ApiDeps,
  _orderId: number,
): Promise<{ invoiceId: number; number: string }> {
  throw new Error("invoices: issueInvoice is not built yet");
}

/** Writes a credit note for all or part of an invoice (refund, chargeback, withdrawal, VAT correction). */
export async function issueCreditNote(
  _trx: Transaction<Database>,
  _deps: ApiDeps,
  _request: { invoiceId: number; grossCents: number; reason: string },
): Promise<{ invoiceId: number; number: string }> {
  throw new Error("invoices: issueCreditNote is not built yet");
}

/** Moves an order's invoices to a status (spec section 4) as its payment goes on. */
export async function setInvoiceStatus(_trx: Transaction<Database>, _orderId: number, _status: InvoiceStatus): Promise<void> {
  throw new Error("invoices: setInvoiceStatus is not built yet");
}
