import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { AD_IMAGE_ERRORS, AD_IMAGE_FIELD, AD_IMAGE_MAX_BYTES, AD_PAGE_KEYS, AD_PIXEL_GIF } from "../../contract/ads";
import { receiveUpload } from "../media/index";
import { readAdImage } from "./images";
import { adsOps } from "../../contract/operations/ads";
import {
  adClick,
  adSeen,
  adSettings,
  adZone,
  createCampaign,
  createCreative,
  listCampaigns,
  saveAdSettings,
  setCreativeImage,
  updateCampaign,
  updateCreative,
} from "./service";

const PRIVATE = "private, no-store";
const PIXEL = Buffer.from(AD_PIXEL_GIF, "base64");
/** One image and the multipart framing. */
const IMAGE_BODY_MAX_BYTES = AD_IMAGE_MAX_BYTES + 64 * 1024;
/** An image's name never gets other bytes (a new image is a new name): browsers and proxies may keep it a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Advertising zones by page key (issue 32 item 1, ADR 131). */
export function registerAds({ v2, deps }: ModuleContext): void {
  v2.add(
    adsOps.zone,
    {
      tag: "ads",
      auth: "optional",
      summary: `What one ad zone shows to the caller now, in one size or two (sizes=320x100,728x90: placement is the narrow box's, wide the wide one's, which falls back to 468x60 when nothing targets 728x90): a house ad, a partner ad server's frame (only after the member's consent third_party_ads), or null (a plus member who switched ads off; nothing targets the zone). page_key one of ${AD_PAGE_KEYS.join(", ")}. Answering counts nothing: a house ad's seen_url is its signed pixel, which counts the impression and the daily cap when the shown box loads it; the X-KM-FF visitor id keys the caps (hashed per day, never stored).`,
      statuses: [400],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(
        c,
        await adZone(deps, user, {
          pageKey: query.page_key,
          sizes: query.sizes,
          city: query.city,
          language: c.get("lang"),
          visitorId: c.req.header("x-km-ff") ?? null,
        }),
      );
    },
  );
  v2.add(
    adsOps.seen,
    {
      tag: "ads",
      auth: "optional",
      summary:
        "The impression pixel of a shown house ad (its placement's seen_url): counts the impression and the viewer's daily cap once per render when k is this creative's signature of today or yesterday; a forged, expired or repeated k counts nothing. Always a transparent 1×1 GIF, never cached (400 for a k over 100 characters, 404 for an id that is no number).",
      statuses: [400, 404],
    },
    async (c, { user, query }) => {
      await adSeen(deps, user, rowIdParam(c.req.param("id")), query.k, c.req.header("x-km-ff") ?? null);
      return c.body(new Uint8Array(PIXEL), 200, {
        "Content-Type": "image/gif",
        "Content-Length": String(PIXEL.byteLength),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
  v2.add(
    adsOps.click,
    {
      tag: "ads",
      auth: "optional",
      summary:
        "Counts a click on a house ad and answers the campaign's stored address (https or an internal path) — the only place the click may lead. 404 for an unknown creative.",
      statuses: [404],
    },
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await adClick(deps, rowIdParam(c.req.param("id"))));
    },
  );
  v2.add(
    adsOps.settings,
    {
      tag: "ads",
      auth: "required",
      summary: "The caller's ad channel (guest, basic, plus), whether they may switch ads off, and their switches.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await adSettings(deps, user!));
    },
  );
  v2.add(
    adsOps.saveSettings,
    {
      tag: "ads",
      auth: "required",
      summary:
        "Save the caller's switches: ads_off (plus members with the ad-free benefit only: 403 exception.ads.plus_only) and third_party_ads (the § 25 TDDDG consent to partner ad servers' frames; withdrawn when false).",
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => ok(c, await saveAdSettings(deps, user!, body)),
  );
  v2.add(
    adsOps.campaigns,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: "Staff (content.edit): house ad campaigns with their creatives, impressions and clicks.",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await listCampaigns(deps, user!.id));
    },
  );
  v2.add(
    adsOps.createCampaign,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: "Staff (content.edit): a new house ad campaign. Audited.",
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => ok(c, await createCampaign(deps, user!.id, body), { status: 201 }),
  );
  v2.add(
    adsOps.updateCampaign,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: "Staff (content.edit): edit or pause a campaign. Audited. 404 unknown.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await updateCampaign(deps, user!.id, rowIdParam(c.req.param("id")), body)),
  );
  v2.add(
    adsOps.createCreative,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: "Staff (content.edit): a new text creative of one size for a campaign. Audited. 404 unknown campaign.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await createCreative(deps, user!.id, rowIdParam(c.req.param("id")), body), { status: 201 }),
  );
  v2.add(
    adsOps.updateCreative,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: "Staff (content.edit): edit or pause a creative. Audited. 404 unknown.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await updateCreative(deps, user!.id, rowIdParam(c.req.param("id")), body)),
  );
  v2.add(
    adsOps.uploadCreativeImage,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: `Staff (content.edit): the creative's image (multipart/form-data, field ${AD_IMAGE_FIELD}): PNG, JPEG or WebP by content (not by name), exactly the creative's size or twice it, at most ${AD_IMAGE_MAX_BYTES} bytes; stored without metadata. Errors at the field: ${Object.values(AD_IMAGE_ERRORS).join(", ")}. Audited. 404 unknown creative.`,
      maxBodyBytes: IMAGE_BODY_MAX_BYTES,
      streamsBody: true,
      statuses: [400, 401, 403, 404, 413],
    },
    async (c, { user }) => {
      const upload = await receiveUpload(c.req.raw, {
        tmpDir: deps.config.uploadTmpDir,
        fileField: AD_IMAGE_FIELD,
        maxFiles: 1,
        maxFileBytes: AD_IMAGE_MAX_BYTES,
        maxBodyBytes: IMAGE_BODY_MAX_BYTES,
        fields: [],
        tooLarge: { key: AD_IMAGE_ERRORS.tooLarge, source: () => AD_IMAGE_FIELD },
      });
      try {
        return ok(c, await setCreativeImage(deps, user!.id, rowIdParam(c.req.param("id")), upload.files[0]));
      } finally {
        await upload.cleanup();
      }
    },
  );
  v2.add(
    adsOps.image,
    {
      tag: "ads",
      auth: "optional",
      summary:
        "An image creative's bytes (PNG, JPEG or WebP), cached for a year (a new image gets a new name). 404 for a name no creative uses.",
      statuses: [404],
    },
    async (c) => {
      const image = await readAdImage(deps, c.req.param("file") ?? "");
      return c.body(new Uint8Array(image.data), 200, {
        "Content-Type": image.contentType,
        "Content-Length": String(image.data.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": IMMUTABLE,
      });
    },
  );
}
