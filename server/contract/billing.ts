/**
 * The vocabulary of buying (issue 26): goods, payment methods, paying codes, order and invoice states, the checkout's
 * steps. One source for the spec's words and numbers (sections 3 "Tokens and payment", 4 "Invoice status", "Paywall
 * checkout steps", "Paying codes", 9 "post-payment wait 2500 ms"); the modules that build on it: checkout (orders,
 * payments, promo codes), plus (memberships), invoices (numbers, VAT, PDFs), renewals, bank (SEPA, camt) and the back
 * office. Money is in euro cents (integers, DESIGN §5); VAT rates in basis points (1900 = 19 %).
 */

/** What the checkout sells: in ./goods (checkout-path names the type without this module). */
import type { Goods } from "./goods";
export { GOODS, type Goods } from "./goods";

/** Payment methods (spec section 3): SEPA direct debit, card, invoice/bank transfer, cash to code, open banking. */
export const PAYMENT_METHODS = ["DD", "CC", "TR", "CT", "OB"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The paying state the inquiry answers (spec section 4 "Paying codes"). */
export const PAYING_CODES = { nothing: 0, failed: -1, success: 1, paying: 2 } as const;
export type PayingCode = (typeof PAYING_CODES)[keyof typeof PAYING_CODES];

/** How often a page waiting for a payment asks again (spec section 9 "post-payment wait 2500 ms"). */
export const POST_PAYMENT_POLL_MS = 2500;

/** The checkout's steps in order (spec section 4 "Paywall checkout steps": select goods, customer data, payment info, VAT info). */
export const CHECKOUT_STEPS = ["goods", "customer", "payment", "vat"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/**
 * An order's life. `open`: being filled in; `paying`: handed to a provider, no verified answer yet; `paid`: a verified
 * postback or a matched transfer said so (never the return URL); `failed`, `cancelled` (the buyer gave up or it
 * expired); after payment `refunded`, `partially_refunded`, `charged_back`.
 */
export const ORDER_STATUSES = ["open", "paying", "paid", "failed", "cancelled", "refunded", "partially_refunded", "charged_back"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an order exists: bought by the member (invoice type normal 1) or a renewal charged by the platform (auto-renew 2). */
export const ORDER_KINDS = ["normal", "renewal"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Invoice item types (spec section 3). */
export const INVOICE_ITEM_TYPES = { renewable_membership: 1, non_renewable_membership: 2, fsk18_check: 3, dollars: 4 } as const;
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[keyof typeof INVOICE_ITEM_TYPES];

/** Invoice types (spec section 3). */
export const INVOICE_TYPES = { normal: 1, auto_renew: 2 } as const;
export type InvoiceType = (typeof INVOICE_TYPES)[keyof typeof INVOICE_TYPES];

/** Invoice status (spec section 4), in the spec's order. */
export const INVOICE_STATUSES = [
  "init",
  "subscribed",
  "submitted",
  "running",
  "cancelled",
  "charge_back",
  "refunded",
  "ended",
  "submitting",
  "failed",
  "reversed",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Rebill groups (spec section 3): which renewal offer a member sees. */
export const REBILL_GROUPS = [0, 1, 2, 3, 4, 5] as const;
export type RebillGroup = (typeof REBILL_GROUPS)[number];

/** What a provider's verified message says happened to a payment. */
export const PAYMENT_OUTCOMES = ["success", "failure", "pending", "chargeback", "refund"] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The only currency real money is charged in. */
export const BILLING_CURRENCY = "EUR";

/**
 * The buyer as an order records them (step "customer data") and an invoice prints them. `country` is ISO 3166-1
 * alpha-2; `vat_id` only for businesses that give one.
 */
export interface BillingCustomer {
  name: string;
  company: string | null;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  email: string;
  vat_id: string | null;
}

/**
 * Where the buyer is, from two sources that must not contradict each other (EU VAT rules for digital services): the
 * billing address, the IP's country, the card's or the bank's country.
 */
export interface LocationEvidence {
  billing_country: string | null;
  ip_country: string | null;
  payment_country: string | null;
}

/** The VAT an order is charged: the rate of the buyer's country on the invoice date, or none under reverse charge. */
export interface VatDecision {
  country: string;
  rate_bp: number;
  reverse_charge: boolean;
}

/** One good as the checkout offers it to this buyer: its gross price comes from the server, never the form. */
export interface GoodsQuote {
  goods: Goods;
  /** The good's own id: a package id ("plus_client_3m"), a dollar package, … */
  sku: string;
  /** Gross price in cents including German VAT: what a German consumer pays (the VAT decision may change it). */
  gross_cents: number;
  item_type: InvoiceItemType;
  /** A membership that renews by itself (invoice item type 1) or not. */
  renewable: boolean;
  /** Months the good runs (memberships), 0 for goods delivered at once. */
  months: number;
  /** The translation key of its name on pages and invoices. */
  title_key: string;
  /** Digital content delivered at once (dollars): the withdrawal right lapses only with the buyer's express consent. */
  digital_content: boolean;
}

/** A paid order as a good's handler sees it when it delivers or takes back (server/modules/manifest.ts `goods`). */
export interface SettledOrder {
  id: number;
  public_id: string;
  user_id: number;
  goods: Goods;
  sku: string;
  kind: OrderKind;
  gross_cents: number;
  /** A renewal's membership (orders.membership_id); null for a first purchase. */
  membership_id: number | null;
  /** When the verified payment arrived (ms): a membership's new period starts here or at the running one's end. */
  paid_at: number;
  /** The payment's method and the provider's token for charging it again, when the provider gave one (a fan card month keeps them). */
  method?: PaymentMethod | null;
  rebill_token?: string | null;
}

/** Why a delivered good is taken back. */
export const REVOCATION_REASONS = ["refund", "chargeback", "withdrawal"] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

// Where buying a good starts: in ./checkout-path (a leaf, so a page that links the checkout carries none of the rest).
export { checkoutPath } from "./checkout-path";
