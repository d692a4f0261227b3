import type { Language } from "#server/contract/locales";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MIN_BYTES, IMAGE_MIN_WIDTH, IMAGES_PER_UPLOAD } from "#server/contract/image-limits";
import { formatFileSize, formatInteger } from "~/utils/numbers";
import type { PhotoLimits } from "./PhotoFilesField";

/** The photo pickers' hint values in `lang`, for a loader to send along with its page (ADR 174). */
export function photoLimitsIn(lang: Language): PhotoLimits {
  return {
    minSize: formatFileSize(IMAGE_MIN_BYTES, lang),
    maxSize: formatFileSize(IMAGE_MAX_BYTES, lang),
    width: formatInteger(IMAGE_MIN_WIDTH, lang),
    megapixels: formatInteger(IMAGE_MAX_PIXELS / 1_000_000, lang),
    count: IMAGES_PER_UPLOAD,
  };
}
