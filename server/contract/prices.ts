/**
 * Every price the platform charges, in one table and one unit per currency (issue 24 item 5, ADR 061), and the one
 * number formatter per language that shows them.
 *
 * Units (DESIGN §5: integers only):
 * - EUR: cents (4900 = 49,00 €). Real money: plus packages, age checks and dollar packages arrive with payments.
 * - dollar: whole dollars (5 = 5 dollars). "Dollars" are the product's token currency (spec sections 1 and 9), not
 *   US dollars; the spec counts them in whole tokens (base package 100, tips 5/10/100/150/200, boost 5, first-contact
 *   unlock 5), so a dollar has no smaller unit.
 *
 * Nothing here is payable before the wallet exists: a purchase answers the one "payment required" outcome
 * (server/modules/access/entitlements.ts, `paymentRequired`), which names the product and this price.
 */
import { LANGUAGE_TAGS, type Language } from "./locales";

export const CURRENCIES = ["EUR", "dollar"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A price in its currency's unit (see the file's comment). */
export interface Price {
  amount: number;
  currency: Currency;
}

/**
 * The products with a price today. The review unlock was written as 100 "minor units" of the dollar: it always
 * meant one dollar (contract/reviews: "1 dollar … per date"), so it is 1 here.
 */
export const PRICES = {
  /** Reading one date's review texts (ADR 047), paid by the reader. */
  review_unlock: { amount: 1, currency: "dollar" },
  /** One more first contact past the daily limit (spec section 9 "unlock first contact with dollars 5"). */
  first_contact_unlock: { amount: 5, currency: "dollar" },
  /** Lifting one of the member's own messages (spec section 9 "boost message with dollars 5"). */
  boost: { amount: 5, currency: "dollar" },
  /** The small tip a message may need (spec section 4 "minimal tipping"; the smallest tip amount of section 9). */
  minimal_tipping: { amount: 5, currency: "dollar" },
  /**
   * The basic rise-up (contract/wallet RISE_UP_HOURS; ADR 084): about 3,80 € at the base package — four first-contact
   * unlocks, about what one more enquiry is worth to an escort, so a rise-up pays when it brings one contact.
   */
  rise_up: { amount: 20, currency: "dollar" },
  /**
   * The promotion profile (contract/wallet PROMOTION_PROFILE_DAYS; ADR 084): a week featured at the top of the city's
   * directory, less than the eight rise-ups a week of daily bumping would cost, more than one day of them.
   */
  promotion_profile: { amount: 150, currency: "dollar" },
} as const satisfies Record<string, Price>;
export type Product = keyof typeof PRICES;
export const PRODUCTS = Object.keys(PRICES) as Product[];

export function isProduct(value: unknown): value is Product {
  return typeof value === "string" && Object.hasOwn(PRICES, value);
}

/** A member price list's whole euros (profile prices, dates: spec section 5 "Price 1-100000") as a Price. */
export function wholeEuros(euros: number): Price {
  return { amount: Math.round(euros * 100), currency: "EUR" };
}

/**
 * The one "payment required" outcome (HTTP 402) of every product that cannot be paid yet. Its error item's params
 * name the product and its price: `{ product, price, currency }` (price in the currency's unit).
 */
export const PAYMENT_REQUIRED_KEY = "exception.payment.required";

/** What a product costs and whether it can be paid now (false for every product until the wallet issue). */
export interface PaymentOffer {
  product: Product;
  price: number;
  currency: Currency;
  payable: boolean;
}

/** The product and price a "payment required" error item names, or null for any other item. */
export function paymentRequiredOf(item: {
  key: string;
  params?: Record<string, string | number>;
}): { product: Product; price: Price } | null {
  if (item.key !== PAYMENT_REQUIRED_KEY || !item.params) return null;
  const { product, price, currency } = item.params;
  if (!isProduct(product) || !(CURRENCIES as readonly unknown[]).includes(currency)) return null;
  const amount = Number(price);
  if (!Number.isSafeInteger(amount) || amount < 0) return null;
  return { product, price: { amount, currency: currency as Currency } };
}

// Intl formatters are costly to build: one per language and currency, made once.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(lang: Language, currency: Currency, whole: boolean): Intl.NumberFormat {
  const id = `${lang}:${currency}:${whole ? 0 : 2}`;
  let format = formatters.get(id);
  if (!format) {
    const digits = whole ? 0 : 2;
    format =
      currency === "EUR"
        ? new Intl.NumberFormat(LANGUAGE_TAGS[lang], {
            style: "currency",
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          })
        : new Intl.NumberFormat(LANGUAGE_TAGS[lang], { maximumFractionDigits: 0 });
    formatters.set(id, format);
  }
  return format;
}

/**
 * A price's amount as the language writes it: euros with their sign ("49 €", "€49.50"), dollars as a bare number
 * ("1.000"); the word "dollars" is a translation (app/utils/money.ts adds it), since Intl knows no token currency.
 */
export function formatAmount(price: Price, lang: Language): string {
  if (price.currency === "EUR") {
    const whole = price.amount % 100 === 0;
    return formatterOf(lang, "EUR", whole).format(price.amount / 100);
  }
  return formatterOf(lang, "dollar", true).format(price.amount);
}
