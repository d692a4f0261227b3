/**
 * How a listed medium is handed to a viewer (issue 28, ADR 093) — the profile's gallery, bundles' tiles, the newsfeed:
 * one answer for every list. An open medium carries its variants; a paid or fans-only one the viewer may open (owner,
 * staff, a purchase, a paid-for fan subscription, a bought bundle: access/paid-media.ts) carries them with a grant
 * bound to the viewer; any other is locked: its blurred preview, its access and price, never a variant's URL.
 */
import type { ApiDeps } from "../../api/types";
import type { GalleryItem, LockedMedium } from "../../contract/media";
import { mediaPath } from "../../contract/media-upload";
import { isStaffUserType } from "../../contract/moderation";
import { openableMediaIds, type ViewerContext } from "../access/index";
import { mediaGrant, mediaImageOf, parseVariantWidths } from "./images";
import { PREVIEW_VARIANT, PREVIEW_WIDTH } from "./paid-delivery";

/** The media columns a listed item is made of (a list selects these from `media`). */
export const LISTED_MEDIA_COLUMNS = [
  "media.id",
  "media.user_id",
  "media.public_id",
  "media.kind",
  "media.visibility",
  "media.width",
  "media.height",
  "media.variant_widths",
  "media.is_avatar",
  "media.access",
  "media.price",
] as const;

export interface ListedMediaRow {
  id: number;
  user_id: number;
  public_id: string;
  kind: string;
  visibility: string;
  width: number;
  height: number;
  variant_widths: string | null;
  is_avatar: number;
  access: string;
  price: number | null;
}

/** The preview of a locked medium: its path and size (PREVIEW_WIDTH wide at most, the photo's aspect ratio). */
export function lockedPreviewOf(row: Pick<ListedMediaRow, "public_id" | "width" | "height" | "variant_widths">): LockedMedium["preview"] {
  const widths = parseVariantWidths(row.variant_widths);
  const width = Math.min(PREVIEW_WIDTH, widths.find((w) => w >= PREVIEW_WIDTH) ?? widths[widths.length - 1] ?? row.width);
  return {
    path: `${mediaPath(row.public_id)}/${PREVIEW_VARIANT}`,
    width,
    height: Math.max(1, Math.round((row.height * width) / row.width)),
  };
}

/**
 * The items of rows the viewer may see (visibility, status and publication are the caller's query), each opened or
 * locked for this viewer; the paid rule is asked once for the whole list.
 */
export async function listedMediaFor(deps: ApiDeps, viewer: ViewerContext, rows: readonly ListedMediaRow[]): Promise<GalleryItem[]> {
  const now = deps.clock.now();
  const paidViewer = { id: viewer.id, isStaff: viewer.id !== null && isStaffUserType(viewer.userType) };
  const opened = await openableMediaIds(deps.db, paidViewer, rows, now);
  return rows.map((m): GalleryItem => {
    const access = m.access === "fans" || m.access === "ppv" ? m.access : "open";
    const base = {
      id: m.id,
      kind: m.kind,
      visibility: m.visibility,
      is_avatar: Number(m.is_avatar) === 1,
      access,
      price: access === "ppv" ? m.price : null,
    };
    if (access === "open") return { ...base, locked: null, image: mediaImageOf(m) };
    if (opened.has(m.id)) {
      // Owner and staff reach the file without a grant; a buyer or fan through one bound to their session.
      const needsGrant = !paidViewer.isStaff && m.user_id !== viewer.id;
      return {
        ...base,
        locked: null,
        image: mediaImageOf(m, needsGrant ? mediaGrant(deps.config.appSecret, m.public_id, now, viewer.id) : undefined),
      };
    }
    return { ...base, image: null, locked: { access, price: base.price, preview: lockedPreviewOf(m) } };
  });
}
