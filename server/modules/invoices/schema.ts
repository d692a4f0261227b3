/** The invoices module's tables (migration 0064, issue 26). Money in euro cents, rates in basis points, times epoch ms. */
import type { Generated } from "kysely";
import type { InvoiceItemType, InvoiceStatus, InvoiceType, PaymentMethod } from "../../contract/billing";

/** The next number per year: taken and raised in the transaction that writes the invoice, so numbers have no gaps. */
export interface InvoiceCountersTable {
  year: number;
  last_number: number;
}

/**
 * An invoice (`document` "invoice") or a credit note ("credit_note", `corrects_invoice_id` the invoice it corrects,
 * negative meaning carried by the document kind: its amounts are positive). Amounts and the buyer (JSON,
 * contract/billing BillingCustomer) are as printed and never change; `status` follows the payment (spec section 4).
 * `user_id` is null once the account is deleted: the invoice stays until `retain_until`.
 */
export interface InvoicesTable {
  id: Generated<number>;
  /** Printed number, e.g. "2026-000042" (year and sequence). */
  number: string;
  year: number;
  sequence: number;
  document: "invoice" | "credit_note";
  corrects_invoice_id: number | null;
  order_id: number;
  user_id: number | null;
  item_type: InvoiceItemType;
  invoice_type: InvoiceType;
  status: InvoiceStatus;
  /** The good's name as printed, in the invoice's language. */
  description: string;
  currency: string;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat_rate_bp: number;
  vat_country: string;
  reverse_charge: number;
  buyer: string;
  service_start: number | null;
  service_end: number | null;
  payment_method: PaymentMethod | null;
  /** What a bank transfer must name to be matched to it (TR); printed on the invoice. */
  payment_reference: string;
  language: string;
  /** A credit note's reason (refund, chargeback, withdrawal, VAT correction). */
  reason: string | null;
  issued_at: number;
  retain_until: number;
  created_at: number;
  updated_at: number;
}

/** A member's billing details, editable on user/billing_invoices; the checkout's customer step starts from them. */
export interface BillingInfosTable {
  user_id: number;
  name: string;
  company: string | null;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  email: string;
  vat_id: string | null;
  /** The VAT ID's check: null (none), "format_ok", "pending" (VIES queued), "valid", "invalid". */
  vat_id_status: string | null;
  vies_checked_at: number | null;
  vies_request_id: string | null;
  updated_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    invoice_counters: InvoiceCountersTable;
    invoices: InvoicesTable;
    billing_infos: BillingInfosTable;
  }
}
