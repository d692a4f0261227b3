/**
 * The plus packages (issue 26 item 1, ADR 076): ONE table of what plus costs, per kind of member (client, escort,
 * business) and term (1, 3, 6, 12 months), renewable or not, in euro cents including German VAT (19 %). The checkout
 * takes prices only from here (through the membership good's quote), the pages list them from here, and
 * contract/prices.ts points here for euro prices.
 *
 * Three sets:
 * - `standard`: every kind × 1/3/6/12 months, renewable (cheaper) and one-off (`_once`, a little dearer: no renewal);
 * - `redesign`: the spec's second catalogue, shown to rebill group 1 (and by `?set=redesign`, the A/B arm): renewable
 *   only, three terms (1, 3, 12 months), the 3- and 12-month terms priced lower than the standard set;
 * - `cancellation`: the one offer shown while cancelling (cancel v2): 3 months, one-off, about half the monthly price.
 */
import * as v from "valibot";
import { PLUS_AUDIENCES, type PlusAudience, type PlusPackage, type PlusPackageSet } from "./plus-package-table";

/** The table itself (free of valibot, ADR 149). */
export * from "./plus-package-table";

// ---- API bodies and schemas -------------------------------------------------------------------------------------

export const plusPackagesQuerySchema = v.object({
  set: v.optional(v.picklist(["standard", "redesign"] as const)),
  /** For guests (benefits pages): whose packages to list; a signed-in member always gets their own kind's. */
  audience: v.optional(v.picklist(PLUS_AUDIENCES)),
});

/** GET /membership/packages and /membership/cancellation-packages. */
export interface PlusPackageList {
  audience: PlusAudience;
  set: PlusPackageSet;
  packages: Array<PlusPackage & { monthly_cents: number }>;
}

/** This feature's declared success bodies (ADR 041, 067). */
export interface PlusPackagesBodies {
  PlusPackageList: PlusPackageList;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends PlusPackagesBodies {}
}
