/**
 * The member's own gallery, what its page shows (issue 10 item 3, spec section 3 "Media", section 7 "media and
 * gallery"; ADR 029): page size, grid columns, watermark settings, fake-check states, the items' shape. A leaf
 * without valibot: the gallery page reads these in the browser, and ./media-gallery (which re-exports them) builds
 * its request schemas at load (ADR 168, the pattern of ADR 149).
 */
import { MEDIA_STATUS, type MediaItem, type MediaVisibility } from "./media";

/** Spec: "Gallery page size 33". */
export const GALLERY_PAGE_SIZE = 33;

/** Spec: columns per row 3, 4, 5, 5, 7 from 320, 768, 960, 1200, 1556 px viewport width. */
export const GALLERY_COLUMNS = [
  { minWidth: 320, columns: 3 },
  { minWidth: 768, columns: 4 },
  { minWidth: 960, columns: 5 },
  { minWidth: 1200, columns: 5 },
  { minWidth: 1556, columns: 7 },
] as const;

export const WATERMARK_COLORS = ["white", "inverse", "official"] as const;
export type WatermarkColor = (typeof WATERMARK_COLORS)[number];
export const WATERMARK_CORNERS = ["top_left", "top_right", "bottom_left", "bottom_right"] as const;
export type WatermarkCorner = (typeof WATERMARK_CORNERS)[number];
export const WATERMARK_OPACITY_MIN = 35;
export const WATERMARK_OPACITY_MAX = 100;
export const WATERMARK_OPACITY_DEFAULT = 100;
/**
 * Spec section 5 "Watermark check max 5": read as at most 5 changes of the watermark per member and
 * hour. Each change re-renders every photo's variants (ADR 029), so this bounds the image work one
 * member can cause; the next change within the hour gets 429 with Retry-After.
 */
export const WATERMARK_CHANGES_PER_HOUR = 5;

export const FAKE_CHECK_STATUS = ["none", "pending", "accepted", "rejected"] as const;
export type FakeCheckStatus = (typeof FAKE_CHECK_STATUS)[number];

/** The status codes of section 3 by name, for labels (`gallery.status.{name}`). */
export function mediaStatusName(status: number): keyof typeof MEDIA_STATUS | "unknown" {
  const entry = Object.entries(MEDIA_STATUS).find(([, code]) => code === status);
  return entry ? (entry[0] as keyof typeof MEDIA_STATUS) : "unknown";
}

export interface WatermarkSettings {
  enabled: boolean;
  color: WatermarkColor;
  corner: WatermarkCorner;
  opacity: number;
}

export const DEFAULT_WATERMARK: WatermarkSettings = {
  enabled: false,
  color: "white",
  corner: "bottom_right",
  opacity: WATERMARK_OPACITY_DEFAULT,
};

/** What a photo's variants carry: a stable text for "these settings", or null for no watermark. */
export function watermarkSignature(settings: WatermarkSettings): string | null {
  return settings.enabled ? `${settings.color}:${settings.corner}:${settings.opacity}` : null;
}

/** One of the caller's photos as the gallery shows it. */
export interface OwnMediaItem extends MediaItem {
  kind: string;
  is_cover: boolean;
  fake_check: FakeCheckStatus;
  /** False while the variants still carry an older watermark (re-rendered in the background). */
  watermark_current: boolean;
  /** Videos: the encoded file (`image` is its poster), once encoded; null for photos and while encoding. */
  video: { path: string; duration_ms: number } | null;
  /** Issue 28 (ADR 093): what opening it takes (contract/creators MEDIUM_ACCESS), its ppv price, a scheduled publication. */
  access: string;
  price: number | null;
  publish_at: number | null;
}

/** GET /media/gallery?page=N. */
export interface GalleryPage {
  items: OwnMediaItem[];
  page: number;
  page_size: number;
  total: number;
  pages: number;
  watermark: WatermarkSettings;
  /** Watermark changes still allowed this hour. */
  watermark_changes_left: number;
  /** Visibilities this member may give a photo (clients: logged_in, plus_member, private). */
  visibilities: readonly MediaVisibility[];
}
