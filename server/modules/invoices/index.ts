/** Invoices, credit notes, VAT and billing details (issue 26). */
import { defineFeature } from "../manifest";
import * as m0064 from "./migrations/0064_invoices";

export const manifest = defineFeature({ name: "invoices", migrations: { "0064_invoices": m0064 } });
export { decideVat, issueInvoice, issueCreditNote, setInvoiceStatus, type VatQuestion } from "./service";
