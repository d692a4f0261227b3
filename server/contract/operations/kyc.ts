/** KYC's operations (issue 30 item 3, ADRs 062, 109): the member's steps, the agreement, the screening, backend staff's cases. */
import { kycAgreementQuerySchema, kycQueueQuerySchema, kycReasonSchema, kycSignSchema } from "../kyc";
import { defineOperation } from "../operation";

export const kycOps = {
  state: defineOperation({ method: "get", path: "/api/v2/kyc", response: "KycAnswer" }),
  agreement: defineOperation({
    method: "get",
    path: "/api/v2/kyc/agreement",
    query: kycAgreementQuerySchema,
    response: "KycAgreementAnswer",
  }),
  sign: defineOperation({ method: "post", path: "/api/v2/kyc/agreement", body: kycSignSchema, response: "KycAnswer" }),
  screen: defineOperation({ method: "post", path: "/api/v2/kyc/aml", response: "KycAnswer" }),
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/kyc", query: kycQueueQuerySchema, response: "KycQueue" }),
  member: defineOperation({ method: "get", path: "/api/v2/backoffice/kyc/members/:id", response: "KycAnswer" }),
  clear: defineOperation({ method: "post", path: "/api/v2/backoffice/kyc/screenings/:id/clear", response: "KycAnswer" }),
  reject: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/kyc/screenings/:id/reject",
    body: kycReasonSchema,
    response: "KycAnswer",
  }),
  expire: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/kyc/members/:id/expire",
    body: kycReasonSchema,
    response: "KycAnswer",
  }),
  reset: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/kyc/members/:id/reset",
    body: kycReasonSchema,
    response: "KycAnswer",
  }),
};
