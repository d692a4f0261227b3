/**
 * What the checkout sells (issue 26), a leaf: contract/billing.ts re-exports it, and contract/checkout-path.ts names
 * the type without loading billing's vocabulary in the browser (ADR 155).
 */

/** What the checkout sells (spec section 3 "Goods"). The products other than membership arrive with their issues. */
export const GOODS = ["membership", "dollar", "fsk18", "gift", "rebill", "fans"] as const;
export type Goods = (typeof GOODS)[number];
