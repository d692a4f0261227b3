/**
 * The checkout (issue 26 items 2 and 3, spec section 4 "Paywall checkout steps", "Paying codes", "Promotion code
 * verification"; section 7 "membership and payment"): orders of one good each, the four steps (select goods,
 * customer data, payment info, VAT info), promo codes, buy/confirm and the paying state. The price always comes from
 * the server (the good's handler quotes it at every step, ADR 074); the forms carry choices, never amounts — except
 * the confirm form, which names the total the buyer saw so a changed or tampered one is refused instead of charged.
 */
import * as v from "valibot";
import { GOODS, PAYMENT_METHODS, type CheckoutStep, type Goods, type OrderStatus, type PayingCode, type PaymentMethod } from "./billing";
import { COUNTRY_CODES } from "./countries";

/** Orders a page of the member's history shows. */
export const CHECKOUT_HISTORY_PAGE_SIZE = 20;
/** The last page a history request may ask for (deeper pages are not worth an offset scan). */
export const CHECKOUT_HISTORY_MAX_PAGE = 500;
/** A promo code as members type it. */
export const PROMO_CODE_MAX_LENGTH = 32;

/** Countries a billing address may name (the forms' country list). */
export const BILLING_COUNTRY_CODES: readonly string[] = COUNTRY_CODES.map((c) => c.code);

/** The 27 EU member states (ISO 3166-1 alpha-2; Greece as GR, as addresses and IBANs spell it). */
export const EU_COUNTRY_CODES: readonly string[] = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
];

export const CHECKOUT_ERRORS = {
  orderNotFound: "exception.checkout.order_not_found",
  goodsUnknown: "exception.checkout.goods_unknown",
  skuUnavailable: "validation.checkout.sku_unavailable",
  notOpen: "exception.checkout.not_open",
  stepMissing: "exception.checkout.step_missing",
  priceChanged: "exception.checkout.price_changed",
  methodUnavailable: "validation.checkout.method_unavailable",
  ibanInvalid: "validation.checkout.iban_invalid",
  holderRequired: "validation.checkout.holder_required",
  vatIdInvalid: "validation.checkout.vat_id_invalid",
  vatIdCountry: "validation.checkout.vat_id_country",
  countryInvalid: "validation.checkout.country_invalid",
  consentRequired: "validation.checkout.digital_consent_required",
  promoUnknown: "validation.checkout.promo_unknown",
  promoExpired: "validation.checkout.promo_expired",
  promoNotForGoods: "validation.checkout.promo_not_for_goods",
  promoExhausted: "validation.checkout.promo_exhausted",
  promoUsed: "validation.checkout.promo_used",
  providerFailed: "exception.checkout.provider_failed",
} as const;

const text = (max: number) =>
  v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(max, "validation.invalid"));
const optionalText = (max: number) => v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(max, "validation.invalid")));

const goodsField = v.picklist(GOODS, CHECKOUT_ERRORS.goodsUnknown);
const skuField = v.pipe(
  v.string(CHECKOUT_ERRORS.skuUnavailable),
  v.trim(),
  v.nonEmpty(CHECKOUT_ERRORS.skuUnavailable),
  v.maxLength(64, CHECKOUT_ERRORS.skuUnavailable),
);
const promoField = v.optional(
  v.pipe(
    v.string(CHECKOUT_ERRORS.promoUnknown),
    v.trim(),
    v.toUpperCase(),
    v.maxLength(PROMO_CODE_MAX_LENGTH, CHECKOUT_ERRORS.promoUnknown),
  ),
);
/** An order's public id (random, url-safe). */
export const orderRefField = v.pipe(
  v.string(CHECKOUT_ERRORS.orderNotFound),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, CHECKOUT_ERRORS.orderNotFound),
);

/** Step 1, select goods: a new order of one good (a promo code may come along). */
export const checkoutStartSchema = v.object({ goods: goodsField, sku: skuField, promo_code: promoField }, "validation.required");
export type CheckoutStartInput = v.InferOutput<typeof checkoutStartSchema>;

/** Step 1 again on an open order: another offer of the same good, or a promo code added or removed. */
export const checkoutGoodsSchema = v.object({ sku: skuField, promo_code: promoField }, "validation.required");
export type CheckoutGoodsInput = v.InferOutput<typeof checkoutGoodsSchema>;

/** Step 2, customer data (prefilled from the member's billing info). */
export const checkoutCustomerSchema = v.object(
  {
    name: text(120),
    company: optionalText(120),
    street: text(120),
    postal_code: v.pipe(text(16), v.regex(/^[A-Za-z0-9 -]{2,16}$/, "validation.invalid")),
    city: text(80),
    country: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.toUpperCase(),
      v.picklist(BILLING_COUNTRY_CODES as string[], CHECKOUT_ERRORS.countryInvalid),
    ),
    email: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.email("validation.email.invalid"),
      v.maxLength(190, "validation.invalid"),
    ),
  },
  "validation.required",
);
export type CheckoutCustomerInput = v.InferOutput<typeof checkoutCustomerSchema>;

/** Step 3, payment info: a method; for SEPA direct debit the IBAN and the account holder's exact name. */
export const checkoutPaymentSchema = v.object(
  {
    method: v.picklist(PAYMENT_METHODS, CHECKOUT_ERRORS.methodUnavailable),
    iban: optionalText(42),
    holder: optionalText(70),
  },
  "validation.required",
);
export type CheckoutPaymentInput = v.InferOutput<typeof checkoutPaymentSchema>;

/** Step 4, VAT info: a business's VAT ID, or none. */
export const checkoutVatSchema = v.object({ vat_id: optionalText(20) }, "validation.required");
export type CheckoutVatInput = v.InferOutput<typeof checkoutVatSchema>;

/**
 * buy/confirm's button (the spec's "pay"): the order, and the offer and total the buyer saw above the button. The
 * server recomputes both; a difference is refused (409), never charged. Digital content needs the express consent.
 */
export const checkoutPaySchema = v.object(
  {
    order: orderRefField,
    sku: skuField,
    total_cents: v.pipe(
      v.number(CHECKOUT_ERRORS.priceChanged),
      v.integer(CHECKOUT_ERRORS.priceChanged),
      v.minValue(0, CHECKOUT_ERRORS.priceChanged),
    ),
    digital_consent: v.optional(v.boolean("validation.invalid"), false),
  },
  "validation.required",
);
export type CheckoutPayInput = v.InferOutput<typeof checkoutPaySchema>;

export const checkoutOffersQuerySchema = v.object({ goods: goodsField });
export const checkoutOrderQuerySchema = v.object({ order: orderRefField });
export const checkoutPromoQuerySchema = v.object({
  code: v.pipe(
    v.string(CHECKOUT_ERRORS.promoUnknown),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty(CHECKOUT_ERRORS.promoUnknown),
    v.maxLength(PROMO_CODE_MAX_LENGTH, CHECKOUT_ERRORS.promoUnknown),
  ),
  goods: goodsField,
  sku: skuField,
});
export const checkoutHistoryQuerySchema = v.object({
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, "validation.invalid"),
      v.transform(Number),
      v.minValue(1, "validation.invalid"),
      v.maxValue(CHECKOUT_HISTORY_MAX_PAGE, "validation.invalid"),
    ),
    "1",
  ),
});

/** One offer as the goods step lists it: price from the good's handler. */
export interface CheckoutOffer {
  sku: string;
  title_key: string;
  gross_cents: number;
  months: number;
  renewable: boolean;
  digital_content: boolean;
}

export interface CheckoutOffers {
  goods: Goods;
  offers: CheckoutOffer[];
}

export interface CheckoutCustomer {
  name: string;
  company: string | null;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  email: string;
}

/** An order as its buyer sees it (steps, amounts fixed by the server). */
export interface CheckoutOrder {
  ref: string;
  status: OrderStatus;
  paying_code: PayingCode;
  /** The last step completed; `next_step` the one to fill in (null: all done, ready to confirm). */
  step: CheckoutStep;
  next_step: CheckoutStep | null;
  goods: Goods;
  sku: string;
  title_key: string;
  months: number;
  renewable: boolean;
  digital_content: boolean;
  list_gross_cents: number;
  discount_cents: number;
  promo_code: string | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat_rate_bp: number;
  vat_country: string;
  reverse_charge: boolean;
  method: PaymentMethod | null;
  /** The IBAN's last four characters for DD (the full one is the bank module's). */
  iban_last4: string | null;
  customer: CheckoutCustomer | null;
  vat_id: string | null;
  /** Methods the buyer may choose at the payment step. */
  methods: PaymentMethod[];
  created_at: number;
  paid_at: number | null;
}

/** What confirming answered: go to the provider's page, or read the instructions (bank transfer, direct debit). */
export interface CheckoutPayStart {
  ref: string;
  kind: "redirect" | "instructions";
  redirect_url: string | null;
  instructions: Record<string, string> | null;
}

/** The inquiry: the paying code (spec "Paying codes") and the order's status. */
export interface CheckoutPayingState {
  ref: string;
  paying_code: PayingCode;
  status: OrderStatus;
  goods: Goods;
  poll_ms: number;
}

export interface CheckoutPromoVerification {
  code: string;
  kind: "percent" | "fixed";
  value: number;
  list_gross_cents: number;
  discount_cents: number;
  gross_cents: number;
}

/** user-info: what the checkout knows of the buyer. */
export interface CheckoutUserInfo {
  customer: CheckoutCustomer | null;
  vat_id: string | null;
  is_member: boolean;
  member_until: number | null;
  /** The member's newest open or paying order, to continue it. */
  open_order: string | null;
}

export interface CheckoutHistoryItem {
  ref: string;
  goods: Goods;
  sku: string;
  title_key: string;
  status: OrderStatus;
  paying_code: PayingCode;
  gross_cents: number;
  method: PaymentMethod | null;
  created_at: number;
  paid_at: number | null;
}

export interface CheckoutHistory {
  items: CheckoutHistoryItem[];
  page: number;
  page_size: number;
  total: number;
}

export interface CheckoutVatCountry {
  country: string;
  rate_bp: number;
}

export interface CheckoutVatCountries {
  countries: CheckoutVatCountry[];
}

export interface CheckoutBodies {
  CheckoutOffers: CheckoutOffers;
  CheckoutOrder: CheckoutOrder;
  CheckoutPayStart: CheckoutPayStart;
  CheckoutPayingState: CheckoutPayingState;
  CheckoutPromoVerification: CheckoutPromoVerification;
  CheckoutUserInfo: CheckoutUserInfo;
  CheckoutHistory: CheckoutHistory;
  CheckoutVatCountries: CheckoutVatCountries;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends CheckoutBodies {}
}
