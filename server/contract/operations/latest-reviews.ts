/** The platform's reviews page's operation (ADR 062, 067). */
import { defineOperation } from "../operation";
import { reviewListQuerySchema } from "../reviews";
import "../latest-reviews";

export const latestReviewsOps = {
  list: defineOperation({ method: "get", path: "/api/v2/reviews", query: reviewListQuerySchema, response: "LatestReviews" }),
};
