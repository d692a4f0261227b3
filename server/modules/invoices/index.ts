/** Invoices, credit notes, VAT and billing details (issue 26; ADR 077). */
import { defineFeature, defineJob } from "../manifest";
import * as m0064 from "./migrations/0064_invoices";
import { registerInvoices } from "./routes";
import { runViesCheck } from "./vies";

export const manifest = defineFeature({
  name: "invoices",
  routes: registerInvoices,
  jobs: {
    /** Ask VIES about a member's VAT ID; retried with backoff while VIES or the member state is down. */
    "invoices.vies_check": defineJob<{ user_id: number; vat_id: string }>((deps) => ({ run: (payload) => runViesCheck(deps, payload) })),
  },
  migrations: { "0064_invoices": m0064 },
});
export {
  checkVatIdFormat,
  CreditNoteError,
  decideVat,
  issueCreditNote,
  issueInvoice,
  normalizeVatId,
  paymentReference,
  orderPaymentReference,
  queueVatCheck,
  setInvoiceStatus,
  vatIdConfirmedFor,
  type VatQuestion,
} from "./service";
export { forgetInvoiceOwner } from "./documents";
