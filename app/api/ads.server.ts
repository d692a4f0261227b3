/** Advertising zones (issue 32 item 1, ADR 131), as the web tier calls them. */
import type { AdCampaignInput, AdCreativeInput, AdPageKey, AdSettingsInput, AdSize } from "#server/contract/ads";
import { adsOps } from "#server/contract/operations/ads";
import type { ApiClient, ApiResult, DataOf, RawCallOptions } from "./client.server";

export type AdZoneData = DataOf<typeof adsOps.zone>;
export type AdPlacementData = NonNullable<AdZoneData["placement"]>;
export type AdSettingsData = DataOf<typeof adsOps.settings>;
export type AdCampaignListData = DataOf<typeof adsOps.campaigns>;
export type AdCampaignData = AdCampaignListData["items"][number];
export type AdCreativeData = AdCampaignData["creatives"][number];

/** The zone in one size or two (the narrow box's, then the wide one's): nothing is counted by asking (ADR 140). */
export function fetchAdZone(api: ApiClient, pageKey: AdPageKey, sizes: readonly AdSize[], city?: string): Promise<ApiResult<AdZoneData>> {
  return api.op(adsOps.zone, { query: { page_key: pageKey, sizes: sizes.join(","), city }, handleErrors: true });
}

/** The shown box's pixel loaded: the API counts the impression when the signature is good (ADR 146). */
export function countAdSeen(api: ApiClient, creativeId: number, token: string): Promise<Response> {
  return api.raw(adsOps.seen, { params: { id: creativeId }, query: { k: token } });
}

export function clickAd(api: ApiClient, creativeId: number): Promise<ApiResult<DataOf<typeof adsOps.click>>> {
  return api.op(adsOps.click, { params: { id: creativeId }, handleErrors: true });
}

export function fetchAdSettings(api: ApiClient): Promise<ApiResult<AdSettingsData>> {
  return api.op(adsOps.settings, { handleErrors: true });
}

export function saveAdSettings(api: ApiClient, body: AdSettingsInput): Promise<ApiResult<AdSettingsData>> {
  return api.op(adsOps.saveSettings, { body, handleErrors: true });
}

export function fetchAdCampaigns(api: ApiClient): Promise<ApiResult<AdCampaignListData>> {
  return api.op(adsOps.campaigns, { handleErrors: true });
}

export function createAdCampaign(api: ApiClient, body: AdCampaignInput): Promise<ApiResult<AdCampaignData>> {
  return api.op(adsOps.createCampaign, { body, handleErrors: true });
}

export function updateAdCampaign(api: ApiClient, id: number, body: AdCampaignInput): Promise<ApiResult<AdCampaignData>> {
  return api.op(adsOps.updateCampaign, { params: { id }, body, handleErrors: true });
}

export function createAdCreative(api: ApiClient, campaignId: number, body: AdCreativeInput): Promise<ApiResult<AdCampaignData>> {
  return api.op(adsOps.createCreative, { params: { id: campaignId }, body, handleErrors: true });
}

export function updateAdCreative(api: ApiClient, id: number, body: AdCreativeInput): Promise<ApiResult<AdCampaignData>> {
  return api.op(adsOps.updateCreative, { params: { id }, body, handleErrors: true });
}

/** The creative's image: the staff member's multipart body streamed through unread (ADR 140). */
export function uploadAdCreativeImage(api: ApiClient, id: number, body: NonNullable<RawCallOptions["body"]>): Promise<Response> {
  return api.raw(adsOps.uploadCreativeImage, { params: { id }, body });
}

/** An image creative's bytes (public; cached for a year by its unchanging name). */
export function fetchAdImage(api: ApiClient, file: string): Promise<Response> {
  return api.raw(adsOps.image, { params: { file } });
}
