/** Rise-up and profile promotion's operations (issue 27 item 3, ADR 062, 084): the page's overview, buying a rise-up, one promotion. */
import { defineOperation } from "../operation";
import { riseUpBuySchema } from "../promotion";

export const promotionOps = {
  overview: defineOperation({ method: "get", path: "/api/v2/promotions", response: "PromotionOverview" }),
  buyRiseUp: defineOperation({ method: "post", path: "/api/v2/promotions/rise-up", body: riseUpBuySchema, response: "RiseUpAnswer" }),
  detail: defineOperation({ method: "get", path: "/api/v2/promotions/:id", response: "PromotionItem" }),
};
