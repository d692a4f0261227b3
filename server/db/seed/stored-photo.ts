/**
 * What a seed part sees of the demo photos: one stored photo per planned photo, and the columns of a media row that
 * shows it. Apart from photo-files.ts (which renders and stores them through the media module) so that the parts, and
 * the module manifests that list them, never import the media module's rendering: media's own manifest lists a part.
 */
import { MEDIA_KIND, MEDIA_VARIANT_MIME } from "../../contract/media";
import type { PersonPlan } from "./people";

export interface StoredPhoto {
  storageKey: string;
  image: { width: number; height: number; widths: readonly number[] };
  /** Bytes of all its variant files. */
  bytes: number;
}

/** The photos stored before any part writes (SeedPhotos in photo-files.ts). */
export interface SeedPhotoSource {
  of(person: PersonPlan, photo: PersonPlan["photos"][number]): StoredPhoto;
}

/** The columns of a media row that shows a stored demo photo (the same for every seed part that writes one). */
export function storedPhotoColumns(stored: StoredPhoto) {
  return {
    kind: MEDIA_KIND.photo,
    storage_key: stored.storageKey,
    mime_type: MEDIA_VARIANT_MIME.jpeg,
    width: stored.image.width,
    height: stored.image.height,
    variant_widths: stored.image.widths.join(","),
    bytes: stored.bytes,
  };
}
