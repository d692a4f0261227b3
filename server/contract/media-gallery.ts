/**
 * The member's own gallery (issue 10 item 3, spec section 3 "Media", section 7 "media and gallery";
 * ADR 029): page size, grid columns, watermark settings, fake-check states and the request bodies of
 * the managing endpoints. One place for both tiers; what the page reads in the browser is the leaf ./gallery-basics.
 */
import * as v from "valibot";
import { MEDIA_VISIBILITY, type MediaStatus } from "./media";
import { WATERMARK_COLORS, WATERMARK_CORNERS, WATERMARK_OPACITY_MAX, WATERMARK_OPACITY_MIN } from "./gallery-basics";

export * from "./gallery-basics";

export const galleryQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, "validation.invalid"), v.transform(Number)), "1"),
});

export const mediaVisibilitySchema = v.object({ visibility: v.picklist(MEDIA_VISIBILITY, "validation.invalid") }, "validation.required");
export type MediaVisibilityInput = v.InferOutput<typeof mediaVisibilitySchema>;

/** PUT /media/{id}/position: the 0-based place in the whole gallery (larger than the last: the end). */
export const mediaPositionSchema = v.object(
  { position: v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"), v.minValue(0, "validation.invalid")) },
  "validation.required",
);
export type MediaPositionInput = v.InferOutput<typeof mediaPositionSchema>;

/** Largest gallery a reorder request may name (a bound on the body, not on the gallery). */
export const ORDERING_MAX_IDS = 2000;

/** PUT /media/album/ordering: every id of the gallery, in the new order. */
export const albumOrderingSchema = v.object(
  {
    ids: v.pipe(
      v.array(
        v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"), v.minValue(1, "validation.invalid")),
        "validation.invalid",
      ),
      v.minLength(1, "validation.required"),
      v.maxLength(ORDERING_MAX_IDS, "validation.invalid"),
    ),
  },
  "validation.required",
);
export type AlbumOrderingInput = v.InferOutput<typeof albumOrderingSchema>;

export const watermarkSchema = v.object(
  {
    enabled: v.optional(v.boolean("validation.invalid"), false),
    color: v.picklist(WATERMARK_COLORS, "validation.invalid"),
    corner: v.picklist(WATERMARK_CORNERS, "validation.invalid"),
    opacity: v.pipe(
      v.number("validation.gallery.opacity"),
      v.integer("validation.gallery.opacity"),
      v.minValue(WATERMARK_OPACITY_MIN, "validation.gallery.opacity"),
      v.maxValue(WATERMARK_OPACITY_MAX, "validation.gallery.opacity"),
    ),
  },
  "validation.required",
);
export type WatermarkInput = v.InferOutput<typeof watermarkSchema>;

export type { MediaStatus };

/** PUT /media/album/ordering: the album in its new order (ids of the member's own media). */
export interface AlbumOrdering {
  ids: number[];
}

/** DELETE /media/{id}: the id of the medium that was deleted (its files follow by a job). */
export interface MediaDeleted {
  deleted: number;
}
