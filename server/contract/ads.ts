/**
 * Advertising zones by page key (spec section 2 "Advertising zones by page key", section 6 "Plus members have their
 * own ad channels and can switch ads off", section 9 "Ad sizes"; issue 32 item 1, ADR 131). One list of page keys,
 * sizes and channels for both tiers; the rules (who sees which ad, caps, counting) are the ads module's.
 */
import * as v from "valibot";
import { SUPPORTED_LANGUAGES, type Language } from "./locales";

/** The spec's page keys, in its order. forum and magazine have no page yet (ADR 131). */
export const AD_PAGE_KEYS = [
  "profile",
  "messenger",
  "search",
  "my_dating",
  "my_notification",
  "favorite",
  "visitor",
  "forum",
  "magazine",
  "newsfeed",
  "event_search",
  "blog_search",
] as const;
export type AdPageKey = (typeof AD_PAGE_KEYS)[number];

/** The spec's ad sizes (section 9), width × height in CSS pixels. */
export const AD_SIZES = {
  "300x250": { width: 300, height: 250 },
  "728x90": { width: 728, height: 90 },
  "320x100": { width: 320, height: 100 },
  "468x60": { width: 468, height: 60 },
} as const;
export type AdSize = keyof typeof AD_SIZES;
export const AD_SIZE_NAMES = Object.keys(AD_SIZES) as AdSize[];

/**
 * The sizes a page's zone asks for, narrowest first: the phone's 320x100 and the wide screen's 728x90 (the zone
 * component switches between them by CSS, so the box has its size before anything loads; ADR 140 decision 2).
 */
export const ZONE_SIZES = ["320x100", "728x90"] as const satisfies readonly AdSize[];
/** Zones that stay one size (the profile's box beside the content). */
export const PROFILE_ZONE_SIZES = ["300x250"] as const satisfies readonly AdSize[];
/** A wide size nothing targets is asked again in this one (728x90 → 468x60, the spec's other banner). */
export const AD_WIDE_FALLBACK: Partial<Record<AdSize, AdSize>> = { "728x90": "468x60" };

/**
 * The impression pixel (ADR 146): `/ads/seen/{creative}?k={day}.{nonce}.{mac}` — the HMAC over creative, day and the
 * render's nonce under a key derived from the app secret. Valid the render's day and the next (a page left open over
 * midnight); each nonce counts once.
 */
export const AD_SEEN_TOKEN = /^(\d{1,6})\.([\w-]{22})\.([\w-]{43})$/;
export const adSeenPath = (creativeId: number, token: string) => `/ads/seen/${creativeId}?k=${token}`;
/** GET /ads/seen/{id}: the signature (checked by the service; any text is answered the same pixel). */
export const adSeenQuerySchema = v.strictObject(
  { k: v.pipe(v.string("validation.invalid"), v.maxLength(100, "validation.invalid")) },
  "validation.invalid",
);
/** What the pixel answers, valid or not: a transparent 1×1 GIF, never stored by a cache. */
export const AD_PIXEL_GIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** Who an ad is for: guests, members without plus, plus members (their own channel, spec section 6). */
export const AD_CHANNELS = ["guest", "basic", "plus"] as const;
export type AdChannel = (typeof AD_CHANNELS)[number];

export const AD_CREATIVE_FORMATS = ["text", "image"] as const;
export type AdCreativeFormat = (typeof AD_CREATIVE_FORMATS)[number];

/**
 * Image creatives (ADR 140): the type read from the bytes (never the file name), the zone's exact size or twice it
 * (sharp on high-density screens; the page always draws it at the zone's size), at most AD_IMAGE_MAX_BYTES — an ad
 * must not cost a phone more than a photo tile. Stored without metadata under a random key that never changes.
 */
export const AD_IMAGE_TYPES = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" } as const;
export type AdImageType = keyof typeof AD_IMAGE_TYPES;
export const AD_IMAGE_ACCEPT = Object.values(AD_IMAGE_TYPES).join(",");
export const AD_IMAGE_SCALES = [1, 2] as const;
export const AD_IMAGE_MAX_BYTES = 150_000;
/** The form field of the upload. */
export const AD_IMAGE_FIELD = "image";
export const AD_IMAGE_ERRORS = {
  type: "validation.ads.image_type",
  size: "validation.ads.image_size",
  tooLarge: "validation.ads.image_too_large",
  required: "validation.ads.image_required",
} as const;
/** A stored image's file name: random, with the extension of its type. */
export const AD_IMAGE_FILE = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
export const adImageExtension = (type: AdImageType) => (type === "jpeg" ? "jpg" : type);
/** Where browsers load an image creative (the web tier's file route; the bytes never change under one name). */
export const adImagePath = (file: string) => `/ads/image/${file}`;
/** The pixel sizes an image for a zone size may have. */
export const adImageSizes = (size: AdSize) =>
  AD_IMAGE_SCALES.map((scale) => ({ width: AD_SIZES[size].width * scale, height: AD_SIZES[size].height * scale }));

export const AD_NAME_MAX = 120;
export const AD_HEADLINE_MAX = 80;
export const AD_TEXT_MAX = 200;
export const AD_ALT_MAX = 200;
export const AD_URL_MAX = 500;
/** A campaign's cap per viewer and day: 1–100, or none. */
export const AD_DAILY_CAP_MAX = 100;
export const AD_CITY_MAX = 100;

/** The consent purpose that lets partner ad servers' frames load (§ 25 TDDDG); without it only house ads show. */
export const THIRD_PARTY_ADS_CONSENT = "third_party_ads";

export const ADS_PLUS_ONLY = "exception.ads.plus_only";
export const AD_URL_INVALID = "validation.ads.url";

/**
 * A click-through target: an https address, or an internal path ("/de/user/membership"). Never "//host" (a
 * protocol-relative address leaves the site) nor a backslash trick.
 */
export function isAllowedAdTarget(url: string): boolean {
  if (url.startsWith("/")) return !url.startsWith("//") && !url.includes("\\") && !/[\s]/.test(url);
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname !== "" && parsed.username === "" && parsed.password === "";
  } catch {
    return false;
  }
}

/**
 * GET /ads/zone: the zone a page asks for, in one size or two (`sizes=320x100,728x90`: the narrow box's, then the
 * wide one's), different sizes.
 */
export const adZoneQuerySchema = v.strictObject(
  {
    page_key: v.picklist(AD_PAGE_KEYS, "validation.invalid"),
    sizes: v.pipe(
      v.string("validation.invalid"),
      v.transform((input) => input.split(",").map((part) => part.trim())),
      v.array(v.picklist(AD_SIZE_NAMES, "validation.invalid")),
      v.minLength(1, "validation.invalid"),
      v.maxLength(2, "validation.invalid"),
      v.check((sizes) => new Set(sizes).size === sizes.length, "validation.invalid"),
    ),
    city: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(AD_CITY_MAX, "validation.invalid"))),
  },
  "validation.invalid",
);

/** What one zone shows: a house ad, a partner ad server's frame (only with consent), or nothing. */
export interface AdPlacement {
  source: "house" | "partner";
  size: AdSize;
  width: number;
  height: number;
  /** House ads: the creative (its click goes through the counting redirect). */
  creative_id: number | null;
  format: AdCreativeFormat | null;
  headline: string | null;
  text: string | null;
  image_url: string | null;
  /** In the viewer's language. */
  alt: string;
  /** Partner ads: the frame's address at the ad server (loaded by the browser: only after consent). */
  frame_src: string | null;
  /**
   * House ads: the signed 1×1 pixel that counts this impression when it loads (adSeenPath); null for a partner's
   * frame (the partner counts its own deliveries).
   */
  seen_url: string | null;
}

/** Nothing is counted by answering: only the shown box's pixel counts (ADR 140 decision 2). */
export interface AdZoneAnswer {
  page_key: AdPageKey;
  /** The first size asked (the narrow box, or the zone's only one). */
  placement: AdPlacement | null;
  /** The second size asked (the wide box, from AD_WIDE_MEDIA), or its AD_WIDE_FALLBACK; null when one size was asked. */
  wide: AdPlacement | null;
}

/** POST /ads/creatives/{id}/click: where the click goes — always the campaign's stored address. */
export interface AdClickAnswer {
  target_url: string;
}

/** GET/PUT /user/ad-settings: the member's ad channel and switches. */
export interface AdSettings {
  channel: AdChannel;
  /** Plus members with the ad-free benefit may switch ads off (the entitlements kernel decides). */
  may_switch_off: boolean;
  ads_off: boolean;
  /** Partner ad servers may load their frames (§ 25 TDDDG consent). */
  third_party_ads: boolean;
}

export const adSettingsSchema = v.object(
  {
    ads_off: v.optional(v.boolean("validation.invalid"), false),
    third_party_ads: v.optional(v.boolean("validation.invalid"), false),
  },
  "validation.required",
);
export type AdSettingsInput = v.InferOutput<typeof adSettingsSchema>;

// --- back office -----------------------------------------------------------------------------------------------

const trimmed = (max: number, required = true) =>
  required
    ? v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(max, "validation.editors.too_long"))
    : v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(max, "validation.editors.too_long"));

/** A comma-separated list of choices (page keys, languages, channels): empty means all. */
const choiceList = <T extends string>(choices: readonly T[]) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], "validation.invalid"),
      v.transform((input) => (Array.isArray(input) ? input : input.split(",")).map((part) => part.trim()).filter(Boolean)),
      v.array(v.picklist(choices, "validation.invalid")),
    ),
    [],
  );

/** The back office's date inputs (YYYY-MM-DD), read as the start of that day in UTC. */
const dayField = (required: boolean) =>
  v.pipe(
    v.string(required ? "validation.required" : "validation.invalid"),
    v.trim(),
    v.check((input) => (!required && input === "") || /^\d{4}-\d{2}-\d{2}$/.test(input), "validation.ads.date"),
  );

/** A campaign's fields (the back-office form adds its intent and id to them). */
export const adCampaignEntries = {
  name: trimmed(AD_NAME_MAX),
  starts_on: dayField(true),
  ends_on: v.optional(dayField(false), ""),
  page_keys: choiceList(AD_PAGE_KEYS),
  languages: choiceList(SUPPORTED_LANGUAGES),
  channels: choiceList(AD_CHANNELS),
  cities: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], "validation.invalid"),
      v.transform((input) => (Array.isArray(input) ? input.join(",") : input)),
      v.maxLength(AD_CITY_MAX * 10, "validation.editors.too_long"),
      v.transform((input) =>
        input
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ),
    "",
  ),
  daily_cap: v.optional(
    v.union(
      [
        v.literal(""),
        v.pipe(
          v.union([v.number(), v.string()]),
          v.transform(Number),
          v.integer("validation.ads.cap"),
          v.minValue(1, "validation.ads.cap"),
          v.maxValue(AD_DAILY_CAP_MAX, "validation.ads.cap"),
        ),
      ],
      "validation.ads.cap",
    ),
    "",
  ),
  paused: v.optional(v.boolean("validation.invalid"), false),
};

/** A campaign's end day is not before its start day (the form shows that error at the end day). */
export const endsNotBeforeStart = (input: { starts_on: string; ends_on: string }) =>
  input.ends_on === "" || input.ends_on >= input.starts_on;
export const ENDS_BEFORE_START = "validation.ads.ends_before_start";

export const adCampaignSchema = v.pipe(
  v.object(adCampaignEntries, "validation.required"),
  v.forward(
    v.check((input) => endsNotBeforeStart(input), ENDS_BEFORE_START),
    ["ends_on"],
  ),
);
export type AdCampaignInput = v.InferOutput<typeof adCampaignSchema>;

export const adCreativeSchema = v.object(
  {
    size: v.picklist(AD_SIZE_NAMES, "validation.ads.size"),
    headline: trimmed(AD_HEADLINE_MAX),
    text: v.optional(trimmed(AD_TEXT_MAX, false), ""),
    target_url: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.maxLength(AD_URL_MAX, "validation.editors.too_long"),
      v.check(isAllowedAdTarget, AD_URL_INVALID),
    ),
    alt_de: trimmed(AD_ALT_MAX),
    alt_en: trimmed(AD_ALT_MAX),
    alt_es: trimmed(AD_ALT_MAX),
    alt_pl: trimmed(AD_ALT_MAX),
    paused: v.optional(v.boolean("validation.invalid"), false),
  },
  "validation.required",
);
export type AdCreativeInput = v.InferOutput<typeof adCreativeSchema>;

export const adAltKey = (language: Language) => `alt_${language}` as const;

export interface AdCreativeItem {
  id: number;
  campaign_id: number;
  size: AdSize;
  format: AdCreativeFormat;
  headline: string;
  text: string;
  target_url: string;
  /** An image creative's address (adImagePath), or null for a text creative. */
  image_url: string | null;
  alt_de: string;
  alt_en: string;
  alt_es: string;
  alt_pl: string;
  paused: boolean;
  impressions: number;
  clicks: number;
}

export interface AdCampaignItem {
  id: number;
  name: string;
  starts_on: string;
  ends_on: string | null;
  page_keys: AdPageKey[];
  languages: Language[];
  channels: AdChannel[];
  cities: string[];
  daily_cap: number | null;
  paused: boolean;
  impressions: number;
  clicks: number;
  creatives: AdCreativeItem[];
}

export interface AdCampaignList {
  items: AdCampaignItem[];
}

export interface AdsBodies {
  AdZoneAnswer: AdZoneAnswer;
  AdClickAnswer: AdClickAnswer;
  AdSettings: AdSettings;
  AdCampaignList: AdCampaignList;
  AdCampaignItem: AdCampaignItem;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends AdsBodies {}
}
