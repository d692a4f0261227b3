/** Media enums of spec section 3 ("Media") and the shape of a served image, one place for both tiers. */

export const MEDIA_VISIBILITY = ["public", "logged_in", "plus_member", "fsk18", "private"] as const;
export type MediaVisibility = (typeof MEDIA_VISIBILITY)[number];

export const MEDIA_STATUS = { pending: 0, accepted: 1, rejected: 2, encoding: 3, holding: 6, uploading: 99 } as const;
export type MediaStatus = (typeof MEDIA_STATUS)[keyof typeof MEDIA_STATUS];

/** What a media row holds; recordings and videos arrive with their features. */
export const MEDIA_KIND = { photo: "photo", video: "video" } as const;
export type MediaKind = (typeof MEDIA_KIND)[keyof typeof MEDIA_KIND];

/**
 * Widths every photo is stored at (ADR 018): a phone's 2-column tile (≈ 180 CSS px at 2×
 * needs 320–360), the 96 px list slot (160 at 1.5–2×), a profile header (640) and a
 * full-screen view (1080). A narrower photo gets the widths below its own and its own width.
 */
export const MEDIA_VARIANT_WIDTHS = [160, 320, 640, 1080] as const;
export const MEDIA_VARIANT_MAX_WIDTH = Math.max(...MEDIA_VARIANT_WIDTHS);

/** Formats of every width, best first: `<picture>` offers them in this order, JPEG is the `<img>` fallback. */
export const MEDIA_VARIANT_FORMATS = ["avif", "webp", "jpeg"] as const;
export type MediaVariantFormat = (typeof MEDIA_VARIANT_FORMATS)[number];
export const MEDIA_VARIANT_EXT: Record<MediaVariantFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const MEDIA_VARIANT_MIME: Record<MediaVariantFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** Widths a photo `width` pixels wide is stored at: the standard widths below it, then its own (never upscaled). */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = MEDIA_VARIANT_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, MEDIA_VARIANT_MAX_WIDTH);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/**
 * A photo as the API hands it out (search hits, profiles, galleries, the owner's list).
 * The web tier builds its `<picture>` from it with the helpers below; every variant has
 * its own immutable URL `${path}/${width}.${ext}` (ADR 017: `path` holds a random key per
 * media row, never the sequential id).
 */
export interface MediaImage {
  /** `/media/{key}`: where the variants live; the server checks access on every request. */
  path: string;
  /** Upright size of the stored photo (the aspect ratio of every variant). */
  width: number;
  height: number;
  /** Stored widths, ascending; empty for a photo stored before variants existed (then `${path}/original`). */
  widths: number[];
  /** Query a variant URL must carry when access comes from a short-lived grant (the claim preview), else absent. */
  grant?: string;
}

/** The file name of a variant inside `path`: `320.webp`. */
export function variantFileName(width: number, format: MediaVariantFormat): string {
  return `${width}.${MEDIA_VARIANT_EXT[format]}`;
}

/** The stored file of a photo without variants. */
export const ORIGINAL_VARIANT = "original";

/** Parses a variant file name (`320.webp`, `original`); null for anything else. */
export function parseVariantName(name: string): { width: number; format: MediaVariantFormat } | typeof ORIGINAL_VARIANT | null {
  if (name === ORIGINAL_VARIANT) return ORIGINAL_VARIANT;
  const match = /^([1-9]\d{1,4})\.(avif|webp|jpg)$/.exec(name);
  if (!match) return null;
  const format = (Object.keys(MEDIA_VARIANT_EXT) as MediaVariantFormat[]).find((f) => MEDIA_VARIANT_EXT[f] === match[2]);
  return format ? { width: Number(match[1]), format } : null;
}

function withGrant(image: MediaImage, url: string): string {
  return image.grant ? `${url}?${image.grant}` : url;
}

export function mediaVariantUrl(image: MediaImage, width: number, format: MediaVariantFormat): string {
  return withGrant(image, `${image.path}/${variantFileName(width, format)}`);
}

/** `srcset` of one format: every stored width with its `w` descriptor. */
export function mediaSrcSet(image: MediaImage, format: MediaVariantFormat): string {
  return image.widths.map((w) => `${mediaVariantUrl(image, w, format)} ${w}w`).join(", ");
}

/**
 * The plain `<img src>` (and og:image): the JPEG at the smallest stored width of at least
 * `minWidth` (the largest one if none is that wide), or the original of a photo without variants.
 */
export function mediaFallbackUrl(image: MediaImage, minWidth = 640): string {
  if (image.widths.length === 0) return withGrant(image, `${image.path}/${ORIGINAL_VARIANT}`);
  const width = image.widths.find((w) => w >= minWidth) ?? image.widths[image.widths.length - 1]!;
  return mediaVariantUrl(image, width, "jpeg");
}

/** Height of a variant `width` wide (the aspect ratio of the photo, rounded as sharp rounds). */
export function variantHeight(image: Pick<MediaImage, "width" | "height">, width: number): number {
  return Math.max(1, Math.round((image.height * width) / image.width));
}

/** One of the caller's own photos (GET /media/my, POST /media/upload). */
export interface MediaItem {
  id: number;
  visibility: string;
  /** MEDIA_STATUS: a new photo waits (pending) until a team member accepts or rejects it (ADR 030). */
  status: number;
  /** contract/moderation REJECTION_REASONS for a rejected photo, else null. */
  rejection_reason: string | null;
  position: number;
  is_avatar: boolean;
  image: MediaImage;
}

/**
 * Why a listed medium is locked for this viewer (issue 28, ADR 093) and what opens it: its access (fans-only or
 * pay-per-view, contract/creators MEDIUM_ACCESS) and, for ppv, its price in whole dollars.
 */
export interface LockedMedium {
  access: "fans" | "ppv";
  price: number | null;
  /**
   * A blurred, small rendering the server makes (`/media/{key}/preview.jpg`), never a real variant's URL: the
   * variants answer 404 to this viewer.
   */
  preview: { path: string; width: number; height: number };
}

/** A photo of someone's gallery as the viewer may see it (profile detail, avatars). */
export interface GalleryItem {
  id: number;
  kind: string;
  visibility: string;
  is_avatar: boolean;
  /** contract/creators MEDIUM_ACCESS: open, fans or ppv (issue 28). */
  access: string;
  /** A ppv medium's price in whole dollars; null otherwise. */
  price: number | null;
  /** Set when the viewer may see that the medium exists but not open it; `image` is null then. */
  locked: LockedMedium | null;
  /** The medium's variants (with a grant bound to the viewer for a paid medium they may open); null while locked. */
  image: MediaImage | null;
}
