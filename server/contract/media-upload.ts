/** Photo upload limits of spec section 5 and the types we accept (checked by content, never by name). */
import type { MediaVisibility } from "./media";
import { USER_TYPE } from "./users";

export const IMAGE_MIN_BYTES = 50_000;
export const IMAGE_MAX_BYTES = 20_000_000;
/** Narrower images give "image upload size is too small" (validation.image.too_small). */
export const IMAGE_MIN_WIDTH = 200;
/** Spec section 5: at most 16 images selectable at once. */
export const IMAGES_PER_UPLOAD = 16;
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

/** The URL a media file is served at (host route that enforces visibility). */
export const mediaFileUrl = (id: number) => `/media/${id}`;
