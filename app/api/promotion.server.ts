/** Rise-up and profile promotion's endpoints (issue 27 item 3, ADR 084), as the web tier calls them. */
import { promotionOps } from "#server/contract/operations/promotion";
import type { RiseUpBuyInput } from "#server/contract/promotion";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type PromotionOverviewData = DataOf<typeof promotionOps.overview>;
export type PromotionItemData = DataOf<typeof promotionOps.detail>;
export type RiseUpAnswerData = DataOf<typeof promotionOps.buyRiseUp>;

/** GET /promotions: the signed-in member's own promotion page. */
export function fetchPromotionOverview(api: ApiClient): Promise<ApiResult<PromotionOverviewData>> {
  return api.op(promotionOps.overview, { handleErrors: true });
}

/** GET /promotions/:id: one of the member's own promotions (404 for anybody else's). */
export function fetchPromotion(api: ApiClient, id: number): Promise<ApiResult<PromotionItemData>> {
  return api.op(promotionOps.detail, { params: { id: String(id) }, handleErrors: true });
}

/** POST /promotions/rise-up under the page's idempotency key. */
export function buyRiseUp(api: ApiClient, body: RiseUpBuyInput): Promise<ApiResult<RiseUpAnswerData>> {
  return api.op(promotionOps.buyRiseUp, { body, handleErrors: true });
}
