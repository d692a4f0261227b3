/**
 * Advertising zones by page key (issue 32 item 1, ADR 131): the ad-server port with its embedded house ads and the
 * Revive-shaped partner adapter, the counting click, the member's switches and the back office's campaigns.
 */
import { defineFeature } from "../manifest";
import * as m0116 from "./migrations/0116_ads";
import * as m0126 from "./migrations/0126_ad_seen";
import { registerAds } from "./routes";
import { adsPart } from "./seed";

export const manifest = defineFeature({
  name: "ads",
  routes: registerAds,
  migrations: { "0116_ads": m0116, "0126_ad_seen": m0126 },
  seed: [{ order: 215, part: adsPart }],
});
export { viewerKeyOf } from "./service";
