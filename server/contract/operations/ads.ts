/** Advertising zones (issue 32 item 1, ADR 131): the zone, the counting click, the member's switches, the back office. */
import { adCampaignSchema, adCreativeSchema, adSeenQuerySchema, adSettingsSchema, adZoneQuerySchema } from "../ads";
import { defineOperation } from "../operation";

export const adsOps = {
  zone: defineOperation({ method: "get", path: "/api/v2/ads/zone", query: adZoneQuerySchema, response: "AdZoneAnswer" }),
  click: defineOperation({ method: "post", path: "/api/v2/ads/creatives/:id/click", response: "AdClickAnswer" }),
  settings: defineOperation({ method: "get", path: "/api/v2/user/ad-settings", response: "AdSettings" }),
  saveSettings: defineOperation({ method: "put", path: "/api/v2/user/ad-settings", body: adSettingsSchema, response: "AdSettings" }),
  campaigns: defineOperation({ method: "get", path: "/api/v2/backoffice/ads", response: "AdCampaignList" }),
  createCampaign: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/ads/campaigns",
    body: adCampaignSchema,
    response: "AdCampaignItem",
  }),
  updateCampaign: defineOperation({
    method: "put",
    path: "/api/v2/backoffice/ads/campaigns/:id",
    body: adCampaignSchema,
    response: "AdCampaignItem",
  }),
  createCreative: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/ads/campaigns/:id/creatives",
    body: adCreativeSchema,
    response: "AdCampaignItem",
  }),
  /** Multipart (AD_IMAGE_FIELD): the creative's image; it then shows as an image ad (ADR 140). */
  uploadCreativeImage: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/ads/creatives/:id/image",
    response: "AdCampaignItem",
  }),
  /** The impression pixel (a file: no JSON body): counts once per valid signed render (ADR 146). */
  seen: defineOperation({ method: "get", path: "/api/v2/ads/seen/:id", query: adSeenQuerySchema }),
  /** An image creative's bytes (a file: no JSON body). */
  image: defineOperation({ method: "get", path: "/api/v2/ads/images/:file" }),
  updateCreative: defineOperation({
    method: "put",
    path: "/api/v2/backoffice/ads/creatives/:id",
    body: adCreativeSchema,
    response: "AdCampaignItem",
  }),
};
