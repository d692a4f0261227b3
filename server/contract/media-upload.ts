/**
 * Photo uploads: the limits of spec section 5 and the types we accept (checked by content, never by name; from
 * ./image-limits, re-exported here) and the server's rules around them (rate, request size, visibilities by user type).
 */
import type { MediaVisibility } from "./media";
import { IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD } from "./image-limits";
import { USER_TYPE } from "./users";

export {
  IMAGE_ACCEPT,
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MIN_BYTES,
  IMAGE_MIN_WIDTH,
  IMAGES_PER_UPLOAD,
  type ImageFormat,
} from "./image-limits";
/** Upload requests per user and hour (each up to IMAGES_PER_UPLOAD photos); the next gets 429. */
export const UPLOADS_PER_HOUR = 30;
/** The largest upload request: the largest allowed batch plus the multipart framing. Beyond it: 413. */
export const UPLOAD_MAX_BODY_BYTES = IMAGES_PER_UPLOAD * IMAGE_MAX_BYTES + 1024 * 1024;

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
