/**
 * Renewals (issue 26 item 5): memberships charged again ahead of their period's end from the job table, dunning over
 * seven days, rebill groups, the one-step rebill link (paywall/rebill/{token}) and what a chargeback ends.
 *
 * SKELETON (lead, session 16): the renewals helper implements it (migration 0065 in ./migrations).
 */
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "renewals" });
