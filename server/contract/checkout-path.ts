/**
 * The checkout's first step as a link (issue 26): the search page, the profile's contact rule and the other upgrade
 * prompts link it in the browser. A leaf of its own, so they carry none of contract/billing's vocabulary (ADR 155);
 * contract/billing.ts re-exports it.
 */
import type { Goods } from "./goods";

/**
 * Where buying a good starts (the checkout's first step): every upgrade prompt, the membership page and the benefits
 * pages link here. `sku` preselects an offer (a package id).
 */
export function checkoutPath(lang: string, goods: Goods, sku?: string, back?: string): string {
  const query = new URLSearchParams({ goods });
  if (sku) query.set("sku", sku);
  // Dollars bought on the way to a purchase: the paid order's page leads back there (ADR 097).
  if (back) query.set("back", back);
  return `/${lang}/buy?${query.toString()}`;
}
