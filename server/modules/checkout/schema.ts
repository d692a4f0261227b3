/** The checkout's tables (migration 0062, issue 26). Money in euro cents, VAT rates in basis points, times epoch ms. */
import type { Generated } from "kysely";
import type { Goods, InvoiceItemType, OrderKind, OrderStatus, PayingCode, PaymentMethod, PaymentOutcome } from "../../contract/billing";
import type { CheckoutStep } from "../../contract/billing";

/**
 * One order of one good. The amounts are fixed by the server when the goods step is taken and changed only by the
 * server (a promo code, the VAT decision); `customer` and `evidence` are JSON (contract/billing BillingCustomer,
 * LocationEvidence). `status` changes only by conditional updates from the state it was read in.
 */
export interface OrdersTable {
  id: Generated<number>;
  /** The order's id outside the database (URLs, payment references, the provider): random, not guessable. */
  public_id: string;
  user_id: number;
  kind: OrderKind;
  status: OrderStatus;
  paying_code: PayingCode;
  /** The last step the buyer completed. */
  step: CheckoutStep;
  goods: Goods;
  sku: string;
  /** The good's name key as quoted (pages and history show it without asking the good's module again). */
  title_key: Generated<string>;
  /** Digital content delivered at once (dollars): buy/confirm asks for the express consent (§ 356(5) BGB). */
  digital_content: Generated<number>;
  item_type: InvoiceItemType;
  months: number;
  renewable: number;
  method: PaymentMethod | null;
  currency: string;
  /** The good's list price (gross, German VAT), before a promo code. */
  list_gross_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat_rate_bp: number;
  vat_country: string;
  reverse_charge: number;
  promo_code_id: number | null;
  customer: string | null;
  evidence: string | null;
  /** The VAT ID the buyer gave at the VAT step (format checked with jsvat; VIES is the invoices module's). */
  vat_id: string | null;
  /** SEPA direct debit: the IBAN (electronic format) and the account holder's exact name, for the bank's mandate. */
  bank_iban: string | null;
  bank_holder: string | null;
  /** The buyer's language: pages, mails and the invoice PDF. */
  language: string;
  /** Digital content (dollars): when the buyer expressly agreed to delivery before the withdrawal period ends. */
  digital_consent_at: number | null;
  /** A renewal's membership (or the one a membership order created). */
  membership_id: number | null;
  /** The payment provider that handled it and its own reference for the payment. */
  provider: string | null;
  provider_reference: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}

/** A verified message from a provider (or a matched bank line) about one payment: written once, never changed. */
export interface PaymentTransactionsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_txn_id: string;
  outcome: PaymentOutcome;
  method: PaymentMethod | null;
  amount_cents: number;
  /** The card's or bank's country, when the provider tells it (location evidence). */
  payment_country: string | null;
  raw: string | null;
  created_at: number;
}

export interface PromoCodesTable {
  id: Generated<number>;
  /** Upper case, as members type it (compared case-insensitively by upper-casing the input). */
  code: string;
  /** `percent` (value 1–100) or `fixed` (value in cents). */
  kind: "percent" | "fixed";
  value: number;
  /** The goods it applies to; null: all. */
  goods: Goods | null;
  valid_from: number | null;
  valid_until: number | null;
  /** Redemptions in all; null: no limit. */
  max_redemptions: number | null;
  max_per_member: number;
  /** Confirmed orders holding it (reserved by conditional update, never past max_redemptions; a failed or cancelled order gives it back). */
  redemptions: number;
  active: number;
  created_by: number | null;
  created_at: number;
}

export interface PromoRedemptionsTable {
  id: Generated<number>;
  promo_code_id: number;
  user_id: number;
  order_id: number;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    orders: OrdersTable;
    payment_transactions: PaymentTransactionsTable;
    promo_codes: PromoCodesTable;
    promo_redemptions: PromoRedemptionsTable;
  }
}
