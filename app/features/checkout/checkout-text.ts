/**
 * How the checkout's pages write an order: money in the page's language and the good's name. Apart from the step
 * pages' module so that buy/status, the one hydrated checkout page, loads only these (ADR 168).
 */
import { useTranslation } from "react-i18next";
import type { Goods } from "#server/contract/goods";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";

/** Euro cents as the page's language writes money. */
export function formatEuro(cents: number, lang: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[lang], { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** The good's name: its own title when a loaded namespace knows it, else the generic words for it. */
export function useGoodsTitle() {
  const { t } = useTranslation("checkout");
  return (item: { goods: Goods; titleKey: string; months: number; sku: string }) =>
    t(item.titleKey, { defaultValue: "" }) || t(`checkout.goods.${item.goods}`, { count: item.months, sku: item.sku });
}
