/**
 * How a media row becomes a MediaImage in API answers, and where its files
 * live in storage. The public file of this module for other modules
 * (profiles, search, seo, claims read rows and hand out images through it).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { hmac, safeEqual } from "../../lib/crypto";
import { MEDIA_VARIANT_FORMATS, type MediaImage, variantFileName } from "../../contract/media";
import { mediaPath } from "../../contract/media-upload";

export { RENDER_SETTINGS, renderVariants, type RenderedImage } from "./variants";

/** The columns a MediaImage is built from. */
export interface MediaImageRow {
  public_id: string;
  width: number;
  height: number;
  variant_widths: string | null;
}

export const MEDIA_IMAGE_COLUMNS = ["media.public_id", "media.width", "media.height", "media.variant_widths"] as const;

export function parseVariantWidths(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map(Number)
    .filter((w) => Number.isInteger(w) && w > 0);
}

export function mediaImageOf(row: MediaImageRow, grant?: string): MediaImage {
  return {
    path: mediaPath(row.public_id),
    width: row.width,
    height: row.height,
    widths: parseVariantWidths(row.variant_widths),
    ...(grant ? { grant } : {}),
  };
}

/** Storage keys of a row's files: one per width and format, or the single file of a row stored before variants. */
export function storageKeysOf(row: { storage_key: string; variant_widths: string | null }): string[] {
  const widths = parseVariantWidths(row.variant_widths);
  if (widths.length === 0) return [row.storage_key];
  return widths.flatMap((w) => MEDIA_VARIANT_FORMATS.map((format) => variantStorageKey(row.storage_key, w, format)));
}

export function variantStorageKey(storageKey: string, width: number, format: (typeof MEDIA_VARIANT_FORMATS)[number]): string {
  return `${storageKey}/${variantFileName(width, format)}`;
}

/** How long a media grant (the claim preview's avatar, a paid medium's page) stays valid. */
export const MEDIA_GRANT_TTL_MS = 60 * 60 * 1000;

/** What a grant's signature covers: the row, the expiry and, for a viewer-bound grant, the viewer. */
const grantMessage = (publicId: string, expires: number, viewerId: number | null) =>
  viewerId === null ? `media-grant:${publicId}:${expires}` : `media-grant:${publicId}:${expires}:viewer:${viewerId}`;

/**
 * A short-lived permission to see one media row (ADR 017): for pages the API authorised through another capability,
 * such as the invite code of a claim preview, whose profile is not listed yet. `g=<expiry s>.<hmac>`. With a viewer
 * (paid and fans-only media, ADR 093) it is bound to that member: the file route honours it only for their session,
 * so a copied URL opens nothing for anybody else, and only while the paid rule still lets them open the medium.
 */
export function mediaGrant(secret: string, publicId: string, now: number, viewerId: number | null = null): string {
  const expires = Math.ceil((now + MEDIA_GRANT_TTL_MS) / 1000);
  return `g=${expires}.${hmac(secret, grantMessage(publicId, expires, viewerId))}`;
}

/** Whether `value` (the g query parameter) is a valid, unexpired grant for this row (and this viewer, when bound). */
export function isValidMediaGrant(
  secret: string,
  publicId: string,
  value: string | undefined,
  now: number,
  viewerId: number | null = null,
): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(value ?? "");
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  return safeEqual(match[2]!, hmac(secret, grantMessage(publicId, expires, viewerId)));
}

/**
 * Each member's avatar among their photos the viewer may see (`levels`: the visibilities open to the
 * viewer), by member id; the first by position when a member marked more than one.
 */
export async function avatarsOf(db: Kysely<Database>, userIds: number[], levels: readonly string[]): Promise<Map<number, MediaImage>> {
  const avatars = new Map<number, MediaImage>();
  if (userIds.length === 0) return avatars;
  const rows = await db
    .selectFrom("media")
    .select(["user_id", "public_id", "width", "height", "variant_widths"])
    .where("user_id", "in", userIds)
    .where("is_avatar", "=", 1)
    .where("status", "=", 1)
    .where("visibility", "in", [...levels])
    // A paid medium is never a face on a tile (ADR 093): its file would answer 404 to the viewer.
    .where("access", "=", "open")
    .orderBy("position")
    .execute();
  for (const row of rows) if (!avatars.has(row.user_id)) avatars.set(row.user_id, mediaImageOf(row));
  return avatars;
}
