/**
 * Renewals (issue 26 item 5, ADR 078): memberships charged again ahead of their period's end from the job table, dunning
 * over seven days, rebill groups, the one-step rebill link (paywall/rebill/{token}) and what a chargeback leaves to
 * reclaim.
 */
import { defineFeature, defineJob } from "../manifest";
import { onChargeback } from "../payments/index";
import * as m0065 from "./migrations/0065_renewals";
import { registerRenewals } from "./routes";
import { chargeBatch, checkRenewal, reclaimOnChargeback, retryRenewal, runRenewalScan } from "./service";

// What a chargeback leaves to reclaim is recorded in its settlement's transaction (the scan repairs a missed one).
onChargeback(reclaimOnChargeback);

export const manifest = defineFeature({
  name: "renewals",
  routes: registerRenewals,
  migrations: { "0065_renewals": m0065 },
  jobs: {
    /** Finds the memberships due within the lead time and enqueues their charges; reclaims after chargebacks. */
    "renewals.scan": defineJob<Record<string, never>>((deps) => ({ run: () => runRenewalScan(deps) })),
    /** Charges a batch of due renewals (each taken by a conditional update: charged once however often it runs). */
    "renewals.charge": defineJob<{ renewal_ids: number[] }>((deps) => ({ run: (payload) => chargeBatch(deps, payload.renewal_ids) })),
    /** A dunning retry (days 1, 3, 5, 7 after the period's end). */
    "renewals.retry": defineJob<{ renewal_id: number; attempt: number }>((deps) => ({
      run: (payload) => retryRenewal(deps, payload.renewal_id, payload.attempt),
    })),
    /** A charge whose answer comes later by postback. */
    "renewals.check": defineJob<{ renewal_id: number; order_id: number; since: number }>((deps) => ({
      run: (payload) => checkRenewal(deps, payload),
    })),
  },
});
export { recordChargebackReclaims, scanDueRenewals, scheduleRenewalScan } from "./service";
export { REBILL_OFFERS, offerTerms } from "./offers";
