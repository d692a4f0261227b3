/**
 * Affiliate initiators (issue 32 item 6, ADR 135): partners, the binding of referred members at sign-up (registration
 * calls bindReferral in its transaction) and the credits for sign-up and first payment (the settlement's paid event,
 * manifest `orderPaid`).
 */
import { defineFeature } from "../manifest";
import * as m0120 from "./migrations/0120_affiliates";
import * as m0124 from "./migrations/0124_affiliate_deactivation";
import { registerAffiliates } from "./routes";
import { creditFirstPayment } from "./service";

export const manifest = defineFeature({
  name: "affiliates",
  routes: registerAffiliates,
  migrations: { "0120_affiliates": m0120, "0124_affiliate_deactivation": m0124 },
  orderPaid: creditFirstPayment,
});
export { bindReferral } from "./service";
