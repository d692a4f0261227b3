/** Rise-up and profile promotion's operations (issue 27 item 3, ADR 062, 084, 090): the page's overview, buying, one promotion, the team's review. */
import { defineOperation } from "../operation";
import { profilePromotionBuySchema, promotionDecisionSchema, promotionReviewQuerySchema, riseUpBuySchema } from "../promotion";

export const promotionOps = {
  overview: defineOperation({ method: "get", path: "/api/v2/promotions", response: "PromotionOverview" }),
  buyRiseUp: defineOperation({ method: "post", path: "/api/v2/promotions/rise-up", body: riseUpBuySchema, response: "RiseUpAnswer" }),
  buyProfile: defineOperation({
    method: "post",
    path: "/api/v2/promotions/profile",
    body: profilePromotionBuySchema,
    response: "ProfilePromotionAnswer",
  }),
  detail: defineOperation({ method: "get", path: "/api/v2/promotions/:id", response: "PromotionItem" }),
  reviewQueue: defineOperation({
    method: "get",
    path: "/api/v2/backoffice/promotions",
    query: promotionReviewQuerySchema,
    response: "PromotionReviewQueue",
  }),
  decide: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/promotions/:id/decide",
    body: promotionDecisionSchema,
    response: "PromotionDecisionAnswer",
  }),
};
