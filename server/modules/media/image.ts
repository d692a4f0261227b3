/**
 * Checks and cleans an uploaded image: the type comes from the bytes (sharp
 * reads the header), never from the file name or the declared type; the
 * result is re-encoded after applying the EXIF orientation, so no EXIF, GPS,
 * XMP or IPTC data survives (sharp writes no metadata unless asked to).
 */
import sharp from "sharp";
import { errorItem } from "../../api/errors";
import type { ErrorItem } from "../../contract/errors";
import { IMAGE_FORMATS, IMAGE_MAX_BYTES, IMAGE_MIN_BYTES, IMAGE_MIN_WIDTH, type ImageFormat } from "../../contract/media-upload";

export interface CleanImage {
  data: Buffer;
  format: ImageFormat;
  mimeType: string;
  width: number;
  height: number;
}

export type ImageCheck = { ok: true; image: CleanImage } | { ok: false; error: ErrorItem };

/** Decompression bombs: a 20 MB file may declare billions of pixels. 50 megapixels is beyond any phone camera's photo. */
const MAX_INPUT_PIXELS = 50_000_000;

export async function cleanImage(input: Uint8Array, source: string): Promise<ImageCheck> {
  if (input.byteLength < IMAGE_MIN_BYTES)
    return { ok: false, error: errorItem(400, "validation.image.file_too_small", source, { min: IMAGE_MIN_BYTES }) };
  if (input.byteLength > IMAGE_MAX_BYTES)
    return { ok: false, error: errorItem(400, "validation.image.file_too_large", source, { max: IMAGE_MAX_BYTES }) };
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== "jpeg" && format !== "png" && format !== "webp")
    return { ok: false, error: errorItem(400, "validation.image.invalid_type", source) };
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoded =
      format === "jpeg"
        ? pipeline.jpeg({ quality: 88, mozjpeg: true })
        : format === "png"
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 88 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    // Width as the viewer sees it (after the orientation is applied).
    if (info.width < IMAGE_MIN_WIDTH)
      return { ok: false, error: errorItem(400, "validation.image.too_small", source, { min: IMAGE_MIN_WIDTH }) };
    return { ok: true, image: { data, format, mimeType: IMAGE_FORMATS[format], width: info.width, height: info.height } };
  } catch {
    // A header that reads fine over a broken body.
    return { ok: false, error: errorItem(400, "validation.image.invalid_type", source) };
  }
}
