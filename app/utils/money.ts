/**
 * Money as the member reads it: the web tier's one helper for prices (ADR 061). The number comes from the contract's
 * formatter per language (contract/prices formatAmount: Intl, built once per language); the token currency's word
 * ("5 Dollar", "1 dollar", "5 dolarów") is a translation with its plural forms (common: money.dollars).
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { formatAmount, paymentRequiredOf, PAYMENT_REQUIRED_KEY, type Price } from "#server/contract/prices";
import { useLang } from "~/i18n/lang";

/** "49 €", "€49.50", "1 dollar", "1.000 Dollar". */
export function priceText(t: TFunction, lang: Language, price: Price): string {
  const amount = formatAmount(price, lang);
  return price.currency === "dollar" ? t("money.dollars", { count: price.amount, amount }) : amount;
}

/** priceText in a component: the page's language and the common namespace the money words live in. */
export function usePriceText(): (price: Price) => string {
  const { t } = useTranslation("common");
  const lang = useLang();
  return (price) => priceText(t, lang, price);
}

/**
 * The placeholders of the one "payment required" message (exception.payment.required): the product's name and its
 * price as text. `params` are the error item's (or those its message key carried); null when they name no product.
 */
export function paymentRequiredParams(
  t: TFunction,
  lang: Language,
  params: Record<string, string | number>,
): { product: string; price: string } | null {
  const payment = paymentRequiredOf({ key: PAYMENT_REQUIRED_KEY, params });
  if (!payment) return null;
  return { product: t(`money.products.${payment.product}`), price: priceText(t, lang, payment.price) };
}
