/** Rise-up and profile promotion's endpoints (issue 27 item 3, ADR 084, 090), as the web tier calls them. */
import { promotionOps } from "#server/contract/operations/promotion";
import type { ProfilePromotionBuyInput, PromotionDecisionInput, RiseUpBuyInput } from "#server/contract/promotion";
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

export type ProfilePromotionAnswerData = DataOf<typeof promotionOps.buyProfile>;
export type PromotionReviewQueueData = DataOf<typeof promotionOps.reviewQueue>;
export type PromotionReviewItemData = PromotionReviewQueueData["items"][number];

/** POST /promotions/profile under the page's idempotency key: headline and photo, paid now, reviewed by the team. */
export function buyProfilePromotion(api: ApiClient, body: ProfilePromotionBuyInput): Promise<ApiResult<ProfilePromotionAnswerData>> {
  return api.op(promotionOps.buyProfile, { body, handleErrors: true });
}

/** GET /backoffice/promotions: the promotion profiles waiting for the team (403 for members). */
export function fetchPromotionReviewQueue(api: ApiClient, page: number): Promise<ApiResult<PromotionReviewQueueData>> {
  return api.op(promotionOps.reviewQueue, { query: { page }, handleErrors: true });
}

/** POST /backoffice/promotions/:id/decide: accept, or reject with a reason code (the API refunds). */
export function decidePromotion(
  api: ApiClient,
  id: number,
  body: PromotionDecisionInput,
): Promise<ApiResult<DataOf<typeof promotionOps.decide>>> {
  return api.op(promotionOps.decide, { params: { id }, body, handleErrors: true });
}
