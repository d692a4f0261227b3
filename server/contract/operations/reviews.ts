/** The reviews group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { reviewUnlockBodySchema } from "../review-unlock";
import { reviewCommentSchema, reviewInputSchema, reviewListQuerySchema } from "../reviews";

export const reviewsOps = {
  received: defineOperation({
    method: "get",
    path: "/api/v2/reviews/user/:username",
    query: reviewListQuerySchema,
    response: "ReviewList",
  }),
  linkedEscorts: defineOperation({
    method: "get",
    path: "/api/v2/reviews/user/:username/escorts",
    query: reviewListQuerySchema,
    response: "LinkedEscortReviewList",
  }),
  ofDate: defineOperation({ method: "get", path: "/api/v2/reviews/:date_id", response: "DateReviews" }),
  post: defineOperation({ method: "post", path: "/api/v2/reviews/:date_id", body: reviewInputSchema, response: "DateReviews" }),
  comment: defineOperation({
    method: "post",
    path: "/api/v2/reviews/:review_id/comment",
    body: reviewCommentSchema,
    response: "DateReviews",
  }),
  unlockInfo: defineOperation({ method: "get", path: "/api/v2/reviews/:date_id/unlock", response: "ReviewUnlockInfo" }),
  unlock: defineOperation({
    method: "post",
    path: "/api/v2/reviews/:date_id/unlock",
    body: reviewUnlockBodySchema,
    response: "ReviewUnlockResult",
  }),
};
