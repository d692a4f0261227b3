/**
 * Rebill groups 0–5 (spec section 3; ADR 078): which offer a member in dunning sees on the rebill page. Data only, in
 * terms of the member's own contract (its term and the price it was bought at), so the mapping holds whatever the
 * package catalogue (contract/plus-packages, the plus module's) looks like:
 *
 * | group | offer | term | price |
 * |---|---|---|---|
 * | 0 | the same package again | the contract's term | the contract's price |
 * | 1 | monthly instead (low commitment) | 1 month | the 1-month share of the contract's price |
 * | 2 | the same package, 20 % off (like a cancellation package) | the contract's term | 80 % |
 * | 3 | monthly, 20 % off | 1 month | 80 % of the 1-month share |
 * | 4 | the same package, 30 % off (win-back) | the contract's term | 70 % |
 * | 5 | monthly, half price for the first month back | 1 month | 50 % of the 1-month share |
 *
 * The offer becomes the contract's terms when paid (memberships.months, price_cents): the renewal order copies them.
 */
import type { RebillGroup } from "../../contract/billing";
import type { RebillOfferKind } from "../../contract/renewals";

export interface RebillOfferRule {
  kind: RebillOfferKind;
  /** Whether the offer switches to a one-month term. */
  monthly: boolean;
  /** Discount in percent on the term's price. */
  discountPercent: number;
}

export const REBILL_OFFERS: Readonly<Record<RebillGroup, RebillOfferRule>> = {
  0: { kind: "same", monthly: false, discountPercent: 0 },
  1: { kind: "monthly", monthly: true, discountPercent: 0 },
  2: { kind: "discount", monthly: false, discountPercent: 20 },
  3: { kind: "monthly_discount", monthly: true, discountPercent: 20 },
  4: { kind: "discount", monthly: false, discountPercent: 30 },
  5: { kind: "monthly_discount", monthly: true, discountPercent: 50 },
};

/** The 1-month share of a term's price, in whole cents (§ 309 Nr. 9 monthly renewals use it too). */
export function monthlyShareCents(priceCents: number, months: number): number {
  return Math.round(priceCents / Math.max(1, months));
}

export interface RebillTerms {
  months: number;
  priceCents: number;
}

/** What the offer of `group` costs for a contract of `months` bought at `priceCents`. */
export function offerTerms(group: number, contract: RebillTerms): RebillTerms & { rule: RebillOfferRule } {
  const rule = REBILL_OFFERS[(group in REBILL_OFFERS ? group : 0) as RebillGroup];
  const base = rule.monthly ? { months: 1, priceCents: monthlyShareCents(contract.priceCents, contract.months) } : contract;
  return { rule, months: base.months, priceCents: Math.round((base.priceCents * (100 - rule.discountPercent)) / 100) };
}
