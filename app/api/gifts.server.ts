/** The gifts group's endpoints (issue 27 item 4, ADR 085), as the web tier calls them. */
import type { GiftDirection, GiftRecipientInput, SendGiftInput } from "#server/contract/gifts";
import { giftsOps } from "#server/contract/operations/gifts";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type GiftListData = DataOf<typeof giftsOps.list>;
export type GiftItemData = DataOf<typeof giftsOps.detail>;
export type GiftSentData = DataOf<typeof giftsOps.send>;
export type TokenRewardsData = DataOf<typeof giftsOps.rewards>;
export type ShareStateData = DataOf<typeof giftsOps.share>;

export function fetchGifts(api: ApiClient, direction: GiftDirection, page: number): Promise<ApiResult<GiftListData>> {
  return api.op(giftsOps.list, { query: { direction, page }, handleErrors: true });
}

export function fetchGift(api: ApiClient, id: number): Promise<ApiResult<GiftItemData>> {
  return api.op(giftsOps.detail, { params: { id }, handleErrors: true });
}

export function sendGift(api: ApiClient, body: SendGiftInput): Promise<ApiResult<GiftSentData>> {
  return api.op(giftsOps.send, { body, handleErrors: true });
}

export function giveGiftBack(api: ApiClient, id: number): Promise<ApiResult<GiftItemData>> {
  return api.op(giftsOps.giveBack, { params: { id }, handleErrors: true });
}

export function chooseGiftRecipient(
  api: ApiClient,
  body: GiftRecipientInput,
): Promise<ApiResult<DataOf<typeof giftsOps.membershipRecipient>>> {
  return api.op(giftsOps.membershipRecipient, { body, handleErrors: true });
}

export function fetchTokenRewards(api: ApiClient): Promise<ApiResult<TokenRewardsData>> {
  return api.op(giftsOps.rewards, { handleErrors: true });
}

/** Grants what the viewer earned and lacks (the page's claim form); answers the list. */
export function claimTokenRewards(api: ApiClient): Promise<ApiResult<TokenRewardsData>> {
  return api.op(giftsOps.claimRewards, { handleErrors: true });
}

export function fetchShareState(api: ApiClient): Promise<ApiResult<ShareStateData>> {
  return api.op(giftsOps.share, { handleErrors: true });
}
