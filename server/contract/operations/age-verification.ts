/** Age verification's operations (issue 30 item 1, ADRs 062, 105): the member's flow, the provider's webhook, staff's forced check. */
import { ageCheckForceSchema, ageVerificationAuthenticateSchema, ageVerificationStartSchema } from "../age-verification";
import { defineOperation } from "../operation";

export const ageVerificationOps = {
  state: defineOperation({ method: "get", path: "/api/v2/verification/fsk18", response: "AgeVerificationState" }),
  start: defineOperation({
    method: "post",
    path: "/api/v2/verification/fsk18/start",
    body: ageVerificationStartSchema,
    response: "AgeVerificationStarted",
  }),
  authenticate: defineOperation({
    method: "post",
    path: "/api/v2/verification/fsk18/authenticate",
    body: ageVerificationAuthenticateSchema,
    response: "AgeVerificationState",
  }),
  webhook: defineOperation({ method: "post", path: "/api/v2/verification/fsk18/webhook/:provider", response: "AgeWebhookReceived" }),
  force: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/members/:id/age-check",
    body: ageCheckForceSchema,
    response: "AgeCheckForced",
  }),
};
