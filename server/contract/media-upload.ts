/** Photo upload limits of spec section 5 and the types we accept (checked by content, never by name). */
import type { MediaVisibility } from "./media";
import { USER_TYPE } from "./users";

export const IMAGE_MIN_BYTES = 50_000;
export const IMAGE_MAX_BYTES = 20_000_000;
/** Narrower images give "image upload size is too small" (validation.image.too_small). */
export const IMAGE_MIN_WIDTH = 200;
/** Spec section 5: at most 16 images selectable at once. */
export const IMAGES_PER_UPLOAD = 16;
/**
 * Decoded pixels an upload may have (width × height as stored in the file). 50 MP covers the
 * full-resolution output of 48/50 MP phone cameras; beyond it a small file can still demand
 * gigabytes to decode (a "decompression bomb"), so it is refused before decoding.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Upload requests per user and hour (each up to IMAGES_PER_UPLOAD photos); the next gets 429. */
export const UPLOADS_PER_HOUR = 30;
/** The largest upload request: the largest allowed batch plus the multipart framing. Beyond it: 413. */
export const UPLOAD_MAX_BODY_BYTES = IMAGES_PER_UPLOAD * IMAGE_MAX_BYTES + 1024 * 1024;
export const IMAGE_FORMATS = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
export const IMAGE_ACCEPT = Object.values(IMAGE_FORMATS).join(",");

/**
 * Visibilities a user type may give an upload. Spec section 6: client media
 * is limited to logged_in and plus; everyone may keep a photo private.
 */
export function uploadVisibilitiesFor(userType: number): readonly MediaVisibility[] {
  if (userType === USER_TYPE.client) return ["logged_in", "plus_member", "private"];
  return ["public", "logged_in", "plus_member", "fsk18", "private"];
}

/** The default a registration upload gets: what search tiles may show. */
export function defaultUploadVisibility(userType: number): MediaVisibility {
  return userType === USER_TYPE.client ? "logged_in" : "public";
}

/** Where a media row's files are served (the web route checks access again on every request); `key` is the row's random public id. */
export const mediaPath = (key: string) => `/media/${key}`;
