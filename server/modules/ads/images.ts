/**
 * Image creatives (issue 32 item 1, ADR 140): staff upload one image per creative through the back office. The type
 * is read from the bytes by sharp (a PNG named .jpg is a PNG; a text file named .png is refused), the pixel size must
 * be the creative's zone size or twice it, the file at most AD_IMAGE_MAX_BYTES. The image is encoded again without
 * metadata (no EXIF or GPS survives) and stored through the storage port (local disk or S3) under a random name that
 * never changes, so browsers may keep it for a year.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  AD_IMAGE_ERRORS,
  AD_IMAGE_FIELD,
  AD_IMAGE_FILE,
  AD_IMAGE_MAX_BYTES,
  AD_IMAGE_TYPES,
  adImageExtension,
  adImageSizes,
  type AdImageType,
  type AdSize,
} from "../../contract/ads";
import { imageQueueOf, storageOf, type ReceivedFile } from "../media/index";

const refuse = (status: number, key: string, params?: Record<string, string | number>) =>
  new ApiError(status, [errorItem(status, key, AD_IMAGE_FIELD, params)]);

/** The storage key of an image file name (the name alone travels in URLs). */
export const adImageKey = (file: string) => `ads/${file}`;

const isImageType = (format: string | undefined): format is AdImageType => format !== undefined && format in AD_IMAGE_TYPES;

/** Checks a received file against the creative's size and encodes it without metadata; the error at the file field. */
export async function prepareAdImage(
  deps: ApiDeps,
  file: ReceivedFile | undefined,
  size: AdSize,
): Promise<{ data: Buffer; type: AdImageType }> {
  if (!file) throw refuse(400, AD_IMAGE_ERRORS.required);
  if (file.bytes > AD_IMAGE_MAX_BYTES) throw refuse(413, AD_IMAGE_ERRORS.tooLarge, { max: AD_IMAGE_MAX_BYTES });
  const allowed = adImageSizes(size);
  // The largest allowed image bounds what sharp may decode: a small file that claims huge dimensions is refused unread.
  const limitInputPixels = Math.max(...allowed.map((s) => s.width * s.height));
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file.path, { limitInputPixels }).metadata();
  } catch {
    throw refuse(400, AD_IMAGE_ERRORS.type);
  }
  if (!isImageType(meta.format)) throw refuse(400, AD_IMAGE_ERRORS.type);
  // An animated image counts as a wrong type: ads do not move (and sharp would keep only the first frame).
  if ((meta.pages ?? 1) > 1) throw refuse(400, AD_IMAGE_ERRORS.type);
  if (!allowed.some((s) => s.width === meta.width && s.height === meta.height))
    throw refuse(400, AD_IMAGE_ERRORS.size, { sizes: allowed.map((s) => `${s.width}×${s.height}`).join(", ") });
  const type = meta.format;
  const data = await imageQueueOf(deps).run(() => {
    const image = sharp(file.path, { limitInputPixels });
    // Encoding again drops every metadata block (sharp keeps none unless asked); the type stays the one uploaded.
    if (type === "png") return image.png({ compressionLevel: 9 }).toBuffer();
    if (type === "webp") return image.webp({ quality: 90 }).toBuffer();
    return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  });
  return { data, type };
}

/** Stores the prepared image; answers its file name. */
export async function storeAdImage(deps: ApiDeps, image: { data: Buffer; type: AdImageType }): Promise<string> {
  const file = `${randomBytes(16).toString("hex")}.${adImageExtension(image.type)}`;
  await storageOf(deps).put(adImageKey(file), image.data, { contentType: AD_IMAGE_TYPES[image.type] });
  return file;
}

const TYPE_OF_EXTENSION: Record<string, string> = { png: AD_IMAGE_TYPES.png, jpg: AD_IMAGE_TYPES.jpeg, webp: AD_IMAGE_TYPES.webp };

/**
 * GET /ads/images/{file}: an image that a creative uses now (another stored name, or a replaced image, is a 404 —
 * the storage is no public file store). Ads are public: no viewer check.
 */
export async function readAdImage(deps: ApiDeps, file: string): Promise<{ data: Buffer; contentType: string }> {
  if (!AD_IMAGE_FILE.test(file)) throw fail.notFound();
  const used = await deps.db.selectFrom("ad_creatives").select("id").where("image_key", "=", file).executeTakeFirst();
  if (!used) throw fail.notFound();
  const data = await storageOf(deps).read(adImageKey(file));
  if (!data) throw fail.notFound();
  return { data, contentType: TYPE_OF_EXTENSION[file.split(".").pop()!]! };
}
