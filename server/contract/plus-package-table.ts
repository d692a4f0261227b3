/**
 * The plus packages' table (issue 26 item 1, ADR 076) without the API's schemas: the benefits and plus pages render
 * it in the browser, and contract/plus-packages.ts (which re-exports all of this) builds valibot schemas at load, which
 * put valibot into those pages' bundles (ADR 149).
 */
import { USER_TYPE } from "./users";

export const PLUS_AUDIENCES = ["client", "escort", "business"] as const;
export type PlusAudience = (typeof PLUS_AUDIENCES)[number];

export const PLUS_PACKAGE_SETS = ["standard", "redesign", "cancellation"] as const;
export type PlusPackageSet = (typeof PLUS_PACKAGE_SETS)[number];

export const PLUS_TERMS = [1, 3, 6, 12] as const;

export interface PlusPackage {
  /** The sku the checkout carries: `plus_<audience>_<months>m` (+ `_once`, `_rd`), `plus_<audience>_cancel_3m`. */
  id: string;
  set: PlusPackageSet;
  audience: PlusAudience;
  months: number;
  renewable: boolean;
  /** Gross cents incl. 19 % German VAT (what a German consumer pays). */
  gross_cents: number;
}

/** Gross cents per term: renewable, then one-off. Longer terms are cheaper per month. */
const STANDARD: Record<PlusAudience, Record<(typeof PLUS_TERMS)[number], [number, number]>> = {
  client: { 1: [2990, 3490], 3: [7490, 8490], 6: [12990, 14990], 12: [21990, 25990] },
  escort: { 1: [3990, 4490], 3: [9990, 11490], 6: [17990, 20990], 12: [29990, 34990] },
  business: { 1: [7990, 8990], 3: [19990, 22990], 6: [35990, 41990], 12: [59990, 69990] },
};

const REDESIGN: Record<PlusAudience, Record<1 | 3 | 12, number>> = {
  client: { 1: 2990, 3: 6990, 12: 19990 },
  escort: { 1: 3990, 3: 9490, 12: 27990 },
  business: { 1: 7990, 3: 18990, 12: 54990 },
};

const CANCELLATION_3M: Record<PlusAudience, number> = { client: 4490, escort: 5990, business: 11990 };

function build(): PlusPackage[] {
  const list: PlusPackage[] = [];
  for (const audience of PLUS_AUDIENCES) {
    for (const months of PLUS_TERMS) {
      const [renewing, once] = STANDARD[audience][months];
      list.push({ id: `plus_${audience}_${months}m`, set: "standard", audience, months, renewable: true, gross_cents: renewing });
      list.push({ id: `plus_${audience}_${months}m_once`, set: "standard", audience, months, renewable: false, gross_cents: once });
    }
    for (const months of [1, 3, 12] as const) {
      list.push({
        id: `plus_${audience}_${months}m_rd`,
        set: "redesign",
        audience,
        months,
        renewable: true,
        gross_cents: REDESIGN[audience][months],
      });
    }
    list.push({
      id: `plus_${audience}_cancel_3m`,
      set: "cancellation",
      audience,
      months: 3,
      renewable: false,
      gross_cents: CANCELLATION_3M[audience],
    });
  }
  return list;
}

export const PLUS_PACKAGES: readonly PlusPackage[] = build();
const BY_ID = new Map(PLUS_PACKAGES.map((pkg) => [pkg.id, pkg]));

export function plusPackage(id: string): PlusPackage | null {
  return BY_ID.get(id) ?? null;
}

/** The packages of one set for one kind of member, in display order (renewable first, then by term). */
export function plusPackagesFor(audience: PlusAudience, set: PlusPackageSet): PlusPackage[] {
  return PLUS_PACKAGES.filter((pkg) => pkg.audience === audience && pkg.set === set).sort(
    (a, b) => Number(b.renewable) - Number(a.renewable) || a.months - b.months,
  );
}

/** The kind of member a package is for; null for guests and staff (they buy no plus). */
export function plusAudienceOf(userType: number): PlusAudience | null {
  if (userType === USER_TYPE.client) return "client";
  if (userType === USER_TYPE.escort) return "escort";
  if (userType === USER_TYPE.business) return "business";
  return null;
}

/** The translation key of a package's name (namespace plus): "Plus 3 Monate" etc. */
export function plusPackageTitleKey(pkg: Pick<PlusPackage, "months" | "renewable">): string {
  return pkg.renewable ? `plus.package.title_renewing_${pkg.months}` : `plus.package.title_once_${pkg.months}`;
}

/**
 * Preempt (spec "Membership: preempt"): buying the running contract's next period early. The checkout carries the
 * sku with this suffix; only the membership good reads it.
 */
export const PREEMPT_SUFFIX = ":preempt";

/** Which set a member in a rebill group sees (contract/billing REBILL_GROUPS; renewals may add more arms). */
export function packageSetOfRebillGroup(group: number): PlusPackageSet {
  return group === 1 ? "redesign" : "standard";
}

/** Cents per month, rounded (for "x € / Monat" on the pages). */
export function monthlyCents(pkg: Pick<PlusPackage, "gross_cents" | "months">): number {
  return Math.round(pkg.gross_cents / pkg.months);
}
