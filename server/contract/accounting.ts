/**
 * The back office for money (issue 26 item 7, ADR 080): orders, payments and invoices with filters, refunds with a
 * reason, the bank statement import and its unmatched lines, the promo code editor, revenue per day and month. Backend
 * accounts only (USER_TYPE.backend) until the trust and safety issue's permission matrix exists; everyone else,
 * team included, gets 404. Money in euro cents; dates in filters are calendar days in ACCOUNTING_TIME_ZONE.
 */
import * as v from "valibot";
import { GOODS, INVOICE_STATUSES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_OUTCOMES } from "./billing";
import type { Goods, InvoiceStatus, OrderKind, OrderStatus, PaymentMethod, PaymentOutcome } from "./billing";
import { operatorDayStart as accountingDayStart, nextDay } from "./calendar";
import { pageQueryParam } from "./paging";

export const ACCOUNTING_PAGE_SIZE = 25;
export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 500;
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
/** The largest euro amount staff type anywhere here (a refund, a fixed discount): 100,000 €. */
export const MAX_EURO_CENTS = 10_000_000;
/** The longest bank statement the import takes (a camt.053 of a busy month is far below). */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const REVENUE_MAX_DAYS = 366;
export const REVENUE_MAX_MONTHS = 36;

export const ACCOUNTING_ERRORS = {
  notFound: "exception.common.not_found",
  notRefundable: "exception.accounting.not_refundable",
  amountTooHigh: "exception.accounting.amount_too_high",
  codeTaken: "exception.accounting.code_taken",
  untilBeforeFrom: "validation.accounting.until_before_from",
  percentTooHigh: "validation.accounting.percent_too_high",
  rangeTooLong: "validation.accounting.range_too_long",
  statementInvalid: "exception.accounting.statement_invalid",
} as const;

// --- Time: calendar days in the operator's zone (contract/calendar.ts) ------------------------------------------

/** The books are kept in the operator's zone: a day of revenue is a German calendar day. */
export {
  OPERATOR_TIME_ZONE as ACCOUNTING_TIME_ZONE,
  operatorDayStart as accountingDayStart,
  operatorDayOf as accountingDayOf,
  nextDay,
} from "./calendar";

// --- Field rules (both tiers) -------------------------------------------------------------------------------------

const invalid = "validation.invalid";
/** A real calendar day: isoDate takes 2026-02-31, a round trip does not. */
const isoDay = v.pipe(
  v.string(invalid),
  v.isoDate(invalid),
  v.check((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), invalid),
);
/** An optional day in a filter or form: "" reads as none. */
const optionalDay = v.optional(v.union([v.literal(""), isoDay], invalid), "");
const optionalPick = <const T extends readonly string[]>(values: T) =>
  v.optional(v.union([v.literal(""), v.picklist(values, invalid)], invalid), "");

/** Euros as staff type them ("12", "12,5", "12.50") to cents; more than two decimals or more than MAX_EURO_CENTS are refused. */
export const euroAmountSchema = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, invalid),
  v.transform((text) => {
    const [whole, fraction = ""] = text.replace(",", ".").split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  }),
  v.minValue(1, invalid),
  v.maxValue(MAX_EURO_CENTS, invalid),
);

/** Cents as euros with a decimal point, for a form's default ("12.50"); the parser above reads it back. */
export function centsToEuroText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const cents = v.pipe(v.number(invalid), v.integer(invalid), v.minValue(1, invalid), v.maxValue(MAX_EURO_CENTS, invalid));

// --- Lists --------------------------------------------------------------------------------------------------------

const dateRange = { from: optionalDay, to: optionalDay };

/** GET /backoffice/orders: status, goods, method, created between two days, member (username or id). */
export const orderFilterSchema = v.object({
  status: optionalPick(ORDER_STATUSES),
  goods: optionalPick(GOODS),
  method: optionalPick(PAYMENT_METHODS),
  member: v.optional(v.pipe(v.string(invalid), v.trim(), v.maxLength(64, invalid)), ""),
  ...dateRange,
  page: pageQueryParam,
});
export type OrderFilter = v.InferOutput<typeof orderFilterSchema>;

/** GET /backoffice/payments: outcome, method, order reference, received between two days. */
export const paymentFilterSchema = v.object({
  outcome: optionalPick(PAYMENT_OUTCOMES),
  method: optionalPick(PAYMENT_METHODS),
  order: v.optional(v.pipe(v.string(invalid), v.trim(), v.maxLength(64, invalid)), ""),
  ...dateRange,
  page: pageQueryParam,
});
export type PaymentFilter = v.InferOutput<typeof paymentFilterSchema>;

export const INVOICE_DOCUMENTS = ["invoice", "credit_note"] as const;

/** GET /backoffice/invoices: number (its beginning), status, document, issued between two days. */
export const invoiceFilterSchema = v.object({
  number: v.optional(v.pipe(v.string(invalid), v.trim(), v.maxLength(32, invalid)), ""),
  status: optionalPick(INVOICE_STATUSES),
  document: optionalPick(INVOICE_DOCUMENTS),
  ...dateRange,
  page: pageQueryParam,
});
export type InvoiceFilter = v.InferOutput<typeof invoiceFilterSchema>;

// --- Refunds ------------------------------------------------------------------------------------------------------

const reasonSchema = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.minLength(REFUND_REASON_MIN, "validation.accounting.reason_too_short"),
  v.maxLength(REFUND_REASON_MAX, "validation.accounting.reason_too_long"),
);

/** POST /backoffice/orders/{id}/refund: cents (the whole remaining amount refunds fully) and a required reason. */
export const refundBodySchema = v.object({ amount_cents: cents, reason: reasonSchema }, "validation.required");
/** The refund form: the amount in euros as typed. */
export const refundFormSchema = v.object({ amount: euroAmountSchema, reason: reasonSchema }, "validation.required");

// --- Bank ---------------------------------------------------------------------------------------------------------

/** POST /backoffice/bank/statements: the camt.053/054 file's text (the page reads the upload and sends it). */
export const bankStatementBodySchema = v.object(
  {
    xml: v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(BANK_STATEMENT_MAX_BYTES, invalid)),
  },
  "validation.required",
);

export const bankAssignBodySchema = v.object(
  { order_ref: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(64, invalid)) },
  "validation.required",
);
export const bankLinesQuerySchema = v.object({ page: pageQueryParam });

/** The SEPA files staff build: direct debit collections (pain.008) or transfers (pain.001), for a bank day (default: the next). */
export const BANK_FILE_KINDS = ["collections", "transfers"] as const;
export const bankFileBuildBodySchema = v.object(
  { kind: v.picklist(BANK_FILE_KINDS, invalid), due_date: v.optional(v.union([v.literal(""), isoDay], invalid), "") },
  "validation.required",
);

// --- Promo codes --------------------------------------------------------------------------------------------------

export const PROMO_KINDS = ["percent", "fixed"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

const codeSchema = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty("validation.required"),
  v.regex(PROMO_CODE_PATTERN, invalid),
);
const countSchema = (min: number) =>
  v.pipe(v.number(invalid), v.integer(invalid), v.minValue(min, invalid), v.maxValue(1_000_000, invalid));

/** The API's promo code body: value is a percentage (1–100) or cents; validity as instants (ms) or null. */
export const promoCodeBodySchema = v.pipe(
  v.object(
    {
      code: codeSchema,
      kind: v.picklist(PROMO_KINDS, invalid),
      value: countSchema(1),
      goods: v.nullable(v.picklist(GOODS, invalid)),
      valid_from: v.nullable(v.pipe(v.number(invalid), v.integer(invalid), v.minValue(0, invalid))),
      valid_until: v.nullable(v.pipe(v.number(invalid), v.integer(invalid), v.minValue(0, invalid))),
      max_redemptions: v.nullable(countSchema(1)),
      max_per_member: countSchema(1),
    },
    "validation.required",
  ),
  v.forward(
    v.check((p) => p.kind !== "percent" || p.value <= 100, ACCOUNTING_ERRORS.percentTooHigh),
    ["value"],
  ),
  v.forward(
    v.check((p) => p.kind !== "fixed" || p.value <= MAX_EURO_CENTS, invalid),
    ["value"],
  ),
  v.forward(
    v.check((p) => p.valid_from === null || p.valid_until === null || p.valid_until > p.valid_from, ACCOUNTING_ERRORS.untilBeforeFrom),
    ["valid_until"],
  ),
);
export type PromoCodeBody = v.InferOutput<typeof promoCodeBodySchema>;

/**
 * The editor's form as typed: the value in percent or euros (by kind), days in ACCOUNTING_TIME_ZONE (valid until the
 * end of the last day), empty fields for "none". Its output is the API's body.
 */
export const promoCodeFormSchema = v.pipe(
  v.object(
    {
      code: codeSchema,
      kind: v.picklist(PROMO_KINDS, invalid),
      value: v.pipe(
        v.string("validation.required"),
        v.trim(),
        v.nonEmpty("validation.required"),
        v.regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, invalid),
      ),
      goods: optionalPick(GOODS),
      valid_from: optionalDay,
      valid_until: optionalDay,
      max_redemptions: v.optional(v.nullable(countSchema(1)), null),
      max_per_member: countSchema(1),
    },
    "validation.required",
  ),
  v.forward(
    v.check((p) => p.kind !== "percent" || /^\d{1,3}$/.test(p.value), invalid),
    ["value"],
  ),
  v.forward(
    v.check((p) => p.kind !== "percent" || (Number(p.value) >= 1 && Number(p.value) <= 100), ACCOUNTING_ERRORS.percentTooHigh),
    ["value"],
  ),
  v.forward(
    v.check((p) => p.valid_from === "" || p.valid_until === "" || p.valid_until >= p.valid_from, ACCOUNTING_ERRORS.untilBeforeFrom),
    ["valid_until"],
  ),
  v.transform((p): PromoCodeBody => ({
    code: p.code,
    kind: p.kind,
    value: p.kind === "percent" ? Number(p.value) : v.parse(euroAmountSchema, p.value),
    goods: p.goods === "" ? null : p.goods,
    valid_from: p.valid_from === "" ? null : accountingDayStart(p.valid_from),
    valid_until: p.valid_until === "" ? null : accountingDayStart(nextDay(p.valid_until)),
    max_redemptions: p.max_redemptions,
    max_per_member: p.max_per_member,
  })),
);

export const promoActiveBodySchema = v.object({ active: v.boolean(invalid) }, "validation.required");
export const promoListQuerySchema = v.object({ page: pageQueryParam });

// --- Revenue ------------------------------------------------------------------------------------------------------

export const REVENUE_GRANULARITIES = ["day", "month"] as const;
export type RevenueGranularity = (typeof REVENUE_GRANULARITIES)[number];

/** GET /backoffice/revenue: per day (default the last 30 days) or month (the last 12), from/to as days. */
export const revenueQuerySchema = v.object({
  granularity: v.optional(v.picklist(REVENUE_GRANULARITIES, invalid), "day"),
  ...dateRange,
});

// --- Answers ------------------------------------------------------------------------------------------------------

export interface AccountingOrder {
  id: number;
  public_id: string;
  user_id: number;
  /** null once the account is erased. */
  username: string | null;
  kind: OrderKind;
  status: OrderStatus;
  goods: Goods;
  sku: string;
  method: PaymentMethod | null;
  provider: string | null;
  list_gross_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat_rate_bp: number;
  vat_country: string;
  reverse_charge: boolean;
  created_at: number;
  paid_at: number | null;
}

export interface AccountingOrderList {
  items: AccountingOrder[];
  page: number;
  page_size: number;
  total: number;
}

export interface AccountingPayment {
  id: number;
  order_id: number;
  order_public_id: string;
  username: string | null;
  provider: string;
  provider_txn_id: string;
  outcome: PaymentOutcome;
  method: PaymentMethod | null;
  amount_cents: number;
  created_at: number;
}

export interface AccountingPaymentList {
  items: AccountingPayment[];
  page: number;
  page_size: number;
  total: number;
}

export interface AccountingInvoice {
  id: number;
  number: string;
  document: (typeof INVOICE_DOCUMENTS)[number];
  status: InvoiceStatus;
  order_id: number;
  order_public_id: string;
  username: string | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat_rate_bp: number;
  vat_country: string;
  reverse_charge: boolean;
  reason: string | null;
  issued_at: number;
}

export interface AccountingInvoiceList {
  items: AccountingInvoice[];
  page: number;
  page_size: number;
  total: number;
}

/** One audit row as the back office shows it; before and after as their JSON text. */
export interface AuditItem {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  created_at: number;
}

export interface AccountingOrderDetail {
  order: AccountingOrder;
  payments: AccountingPayment[];
  invoices: AccountingInvoice[];
  /** Credit notes written for this order so far (refunds and chargebacks), gross. */
  refunded_cents: number;
  /** What a refund may still return: 0 unless the order was paid. */
  refundable_cents: number;
  audit: AuditItem[];
}

export interface RefundDone {
  order_id: number;
  credit_note_id: number;
  amount_cents: number;
}

export interface BankImportDone {
  matched: number;
  partial: number;
  unmatched: number;
  returned: number;
  /** Payouts the payee's bank sent back, booked back to the member (ADR 091). */
  payouts_returned: number;
  duplicates: number;
}

export interface BankLine {
  id: number;
  booked_at: number;
  amount_cents: number;
  debtor_name: string | null;
  remittance: string | null;
  bank_reference: string;
}

export interface BankLineList {
  items: BankLine[];
  page: number;
}

/** A line that paid part of an order (the order waits for the rest) or more than it owed: staff follow it up. */
export interface BankListedLine extends BankLine {
  status: "partial" | "overpaid";
  order_ref: string | null;
  /** What the order still owes (partial) or what was paid beyond it (overpaid). */
  difference_cents: number;
}

export interface BankListedLineList {
  items: BankListedLine[];
  page: number;
}

export interface BankLineAssigned {
  line_id: number;
  order_ref: string;
}

export interface PromoCode {
  id: number;
  code: string;
  kind: PromoKind;
  /** Percent (1–100) or cents. */
  value: number;
  goods: Goods | null;
  valid_from: number | null;
  valid_until: number | null;
  max_redemptions: number | null;
  max_per_member: number;
  redemptions: number;
  active: boolean;
  created_at: number;
}

export interface PromoCodeList {
  items: PromoCode[];
  page: number;
  page_size: number;
  total: number;
}

/** One day or month: sales minus refunds and chargebacks, split into net and VAT by each order's rate. */
export interface RevenueBucket {
  /** YYYY-MM-DD or YYYY-MM in ACCOUNTING_TIME_ZONE. */
  key: string;
  sales_gross_cents: number;
  deducted_gross_cents: number;
  gross_cents: number;
  net_cents: number;
  vat_cents: number;
}

export interface Revenue {
  granularity: RevenueGranularity;
  from: string;
  to: string;
  buckets: RevenueBucket[];
  total: Omit<RevenueBucket, "key">;
}

export interface AccountingBodies {
  AccountingOrderList: AccountingOrderList;
  AccountingOrderDetail: AccountingOrderDetail;
  AccountingPaymentList: AccountingPaymentList;
  AccountingInvoiceList: AccountingInvoiceList;
  RefundDone: RefundDone;
  BankImportDone: BankImportDone;
  BankLineList: BankLineList;
  BankListedLineList: BankListedLineList;
  BankLineAssigned: BankLineAssigned;
  PromoCode: PromoCode;
  PromoCodeList: PromoCodeList;
  Revenue: Revenue;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends AccountingBodies {}
}
