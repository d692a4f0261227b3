/**
 * The photo limits of spec section 5 and the image types we accept, in a leaf (ADR 174): the photo pickers in the
 * browser show them, and ./media-upload (which re-exports them) adds the server's rules by user type.
 */

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
export const IMAGE_FORMATS = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
export const IMAGE_ACCEPT = Object.values(IMAGE_FORMATS).join(",");
