/**
 * Age verification for fsk18 content (issue 30 item 1, ADRs 105–106): the provider's identification once, the PIN on
 * each login session, the team's forced check. Who may open fsk18 media is still the access kernel's question
 * (access/age-gate.ts reads this module's tables).
 */
import { defineFeature } from "../manifest";
import * as m0093 from "./migrations/0093_age_verification";
import { registerAgeVerification } from "./routes";

export const manifest = defineFeature({
  name: "age-verification",
  routes: registerAgeVerification,
  migrations: { "0093_age_verification": m0093 },
});
export { ageCheckSummaryOf } from "./service";
