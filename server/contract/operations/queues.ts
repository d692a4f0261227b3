/** The back office's queues as one (issue 30 item 5, ADR 062, 119): the overview, staff claims, the reviews queue. */
import { defineOperation } from "../operation";
import { claimBodySchema, claimListQuerySchema, claimNextBodySchema, reviewDecisionSchema, reviewQueueQuerySchema } from "../queues";

export const queuesOps = {
  overview: defineOperation({ method: "get", path: "/api/v2/backoffice/queues", response: "QueueOverview" }),
  claims: defineOperation({ method: "get", path: "/api/v2/backoffice/claims", query: claimListQuerySchema, response: "ClaimList" }),
  claim: defineOperation({ method: "post", path: "/api/v2/backoffice/claims", body: claimBodySchema, response: "StaffClaim" }),
  next: defineOperation({ method: "post", path: "/api/v2/backoffice/claims/next", body: claimNextBodySchema, response: "ClaimedNext" }),
  release: defineOperation({ method: "post", path: "/api/v2/backoffice/claims/release", body: claimBodySchema, response: "ClaimReleased" }),
  reviews: defineOperation({ method: "get", path: "/api/v2/backoffice/reviews", query: reviewQueueQuerySchema, response: "ReviewQueue" }),
  decideReview: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/reviews/:kind/:id/decide",
    body: reviewDecisionSchema,
    response: "ReviewDecision",
  }),
};
