/** The fans group's endpoints (issue 28 item 3, ADR 094), as the web tier calls them. */
import type { FanTierInput } from "#server/contract/fans";
import { fansOps } from "#server/contract/operations/fans";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type FanOfferData = DataOf<typeof fansOps.offer>;
export type FanSubscriptionData = DataOf<typeof fansOps.subscription>;
export type FanSubscriptionListData = DataOf<typeof fansOps.mine>;
export type FanTierListData = DataOf<typeof fansOps.tiers>;
export type FanSubscribersData = DataOf<typeof fansOps.subscribers>;
export type FanSubscribeData = DataOf<typeof fansOps.subscribe>;

export function fetchFanOffer(api: ApiClient, username: string): Promise<ApiResult<FanOfferData>> {
  return api.op(fansOps.offer, { params: { username }, handleErrors: true });
}

export function subscribeToFanTier(api: ApiClient, tierId: number): Promise<ApiResult<FanSubscribeData>> {
  return api.op(fansOps.subscribe, { body: { tier_id: tierId }, handleErrors: true });
}

/** POST /fans/card-choice: remembers the tier for the checkout's fans good; answers its sku. */
export function chooseFanCardTier(api: ApiClient, tierId: number): Promise<ApiResult<DataOf<typeof fansOps.cardChoice>>> {
  return api.op(fansOps.cardChoice, { body: { tier_id: tierId }, handleErrors: true });
}

export function fetchMyFanSubscriptions(api: ApiClient): Promise<ApiResult<FanSubscriptionListData>> {
  return api.op(fansOps.mine, { handleErrors: true });
}

export function fetchFanSubscription(api: ApiClient, id: number): Promise<ApiResult<FanSubscriptionData>> {
  return api.op(fansOps.subscription, { params: { id: String(id) }, handleErrors: true });
}

export function cancelFanSubscription(api: ApiClient, id: number): Promise<ApiResult<FanSubscriptionData>> {
  return api.op(fansOps.cancel, { params: { id: String(id) }, handleErrors: true });
}

export function undoCancelFanSubscription(api: ApiClient, id: number): Promise<ApiResult<FanSubscriptionData>> {
  return api.op(fansOps.undoCancel, { params: { id: String(id) }, handleErrors: true });
}

export function fetchFanTiers(api: ApiClient): Promise<ApiResult<FanTierListData>> {
  return api.op(fansOps.tiers, { handleErrors: true });
}

export function createFanTier(api: ApiClient, body: FanTierInput): Promise<ApiResult<FanTierListData>> {
  return api.op(fansOps.createTier, { body, handleErrors: true });
}

export function updateFanTier(api: ApiClient, id: number, body: FanTierInput): Promise<ApiResult<FanTierListData>> {
  return api.op(fansOps.updateTier, { params: { id: String(id) }, body, handleErrors: true });
}

export function fetchFanSubscribers(api: ApiClient): Promise<ApiResult<FanSubscribersData>> {
  return api.op(fansOps.subscribers, { handleErrors: true });
}
