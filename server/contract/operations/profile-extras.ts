/** The profile-extras group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { businessReviewsQuerySchema } from "../business-reviews";
import { interviewsInputSchema } from "../interviews";
import { preferredDatesInputSchema } from "../preferred-dates";

export const profileExtrasOps = {
  interviews: defineOperation({ method: "get", path: "/api/v2/profiles/:username/interviews", response: "Interviews" }),
  saveInterviews: defineOperation({
    method: "put",
    path: "/api/v2/profiles/:username/interviews",
    body: interviewsInputSchema,
    response: "Interviews",
  }),
  preferredDates: defineOperation({ method: "get", path: "/api/v2/profiles/:username/preferred-dates", response: "PreferredDates" }),
  savePreferredDates: defineOperation({
    method: "put",
    path: "/api/v2/profiles/:username/preferred-dates",
    body: preferredDatesInputSchema,
    response: "PreferredDates",
  }),
  businessReviews: defineOperation({
    method: "get",
    path: "/api/v2/profiles/:username/business-reviews",
    query: businessReviewsQuerySchema,
    response: "BusinessReviewsPage",
  }),
};
