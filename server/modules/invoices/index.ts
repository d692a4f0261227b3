/** Invoices, credit notes, VAT and billing details (issue 26). */
import { defineFeature } from "../manifest";
import * as m0064 from "./migrations/0064_invoices";

export const manifest = defineFeature({ name: "invoices", migrations: { "0064_invoices": m0064 } });
export {
  checkVatIdFormat,
  CreditNoteError,
  decideVat,
  issueCreditNote,
  issueInvoice,
  normalizeVatId,
  paymentReference,
  setInvoiceStatus,
  type VatQuestion,
} from "./service";
