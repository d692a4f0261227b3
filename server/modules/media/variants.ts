/**
 * Checks an uploaded image and renders its variants (ADR 018). The type comes
 * from the bytes (sharp reads the header), never from the name or the declared
 * type. The photo is decoded once, upright (EXIF orientation applied) and no
 * wider than the largest variant, then encoded at every variant width in AVIF,
 * WebP and JPEG. sharp writes no metadata unless asked (we never call
 * withMetadata), so no EXIF, GPS, XMP or IPTC survives in any variant.
 *
 * Cost is bounded: the header is read first and a photo over IMAGE_MAX_PIXELS
 * is refused before decoding; JPEGs decode with shrink-on-load straight to
 * about the size needed; the caller runs one photo at a time per request
 * inside a process-wide slot limit (./queue.ts).
 */
import sharp from "sharp";
import { ApiError, errorItem } from "../../api/errors";
import type { ErrorItem } from "../../contract/errors";
import { MEDIA_VARIANT_FORMATS, MEDIA_VARIANT_MAX_WIDTH, type MediaVariantFormat, variantWidthsFor } from "../../contract/media";
import type { WatermarkSettings } from "../../contract/media-gallery";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MIN_BYTES, IMAGE_MIN_WIDTH } from "../../contract/media-upload";
import { named, type ReceivedFile } from "./multipart";
import { applyWatermark } from "./watermark";

// libvips keeps recently decoded images in a cache for reuse; uploads are never read twice,
// so the cache only holds memory after each request.
sharp.cache(false);

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

/** What the cheap header check learned: enough to refuse early and to size the decode. */
export interface ImageHeader {
  /** Upright size (after the EXIF orientation). */
  width: number;
  height: number;
}

type HeaderCheck = { ok: true; header: ImageHeader } | { ok: false; error: ErrorItem };

/** Size, type, pixel count and width from the file's header only (nothing is decoded). */
async function checkImageHeader(
  input: string | Buffer,
  byteLength: number,
  source: string,
  sent: { file?: string } = {},
): Promise<HeaderCheck> {
  if (byteLength < IMAGE_MIN_BYTES)
    return { ok: false, error: errorItem(400, "validation.image.file_too_small", source, { min: IMAGE_MIN_BYTES, ...sent }) };
  if (byteLength > IMAGE_MAX_BYTES)
    return { ok: false, error: errorItem(413, "validation.image.file_too_large", source, { max: IMAGE_MAX_BYTES, ...sent }) };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    return { ok: false, error: errorItem(400, "validation.image.invalid_type", source, sent.file ? sent : undefined) };
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    return { ok: false, error: errorItem(400, "validation.image.invalid_type", source, sent.file ? sent : undefined) };
  }
  if (meta.width * meta.height * (meta.pages ?? 1) > IMAGE_MAX_PIXELS) {
    return { ok: false, error: errorItem(400, "validation.image.too_many_pixels", source, { max: IMAGE_MAX_PIXELS / 1_000_000, ...sent }) };
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const header = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  // Width as the viewer sees it (spec section 5: "image upload size is too small").
  if (header.width < IMAGE_MIN_WIDTH)
    return { ok: false, error: errorItem(400, "validation.image.too_small", source, { min: IMAGE_MIN_WIDTH, ...sent }) };
  return { ok: true, header };
}

/**
 * Every file of one upload checked before any is rendered: each bad file its own error at files.N, and the
 * upload answers 413 when one of them is too large, 400 otherwise. The headers in the files' order.
 */
export async function checkImageHeaders(files: readonly ReceivedFile[]): Promise<ImageHeader[]> {
  const headers: ImageHeader[] = [];
  const errors: ErrorItem[] = [];
  for (const file of files) {
    const check = await checkImageHeader(file.path, file.bytes, `files.${file.index}`, named(file));
    if (check.ok) headers.push(check.header);
    else errors.push(check.error);
  }
  if (errors.length > 0) throw new ApiError(errors.some((e) => e.code === 413) ? 413 : 400, errors);
  return headers;
}

export interface RenderedVariant {
  width: number;
  format: MediaVariantFormat;
  data: Buffer;
}

export interface RenderedImage {
  /** Upright size of the photo (the aspect ratio of every variant). */
  width: number;
  height: number;
  widths: number[];
  variants: RenderedVariant[];
  /**
   * The clean source of later re-renders (ADR 029): the upright photo at the largest variant width,
   * without watermark or metadata, as a high-quality JPEG. Stored privately (never served).
   */
  master?: Buffer;
}

export interface RenderOptions {
  /** Drawn onto every variant (never onto the master); null or disabled: none. */
  watermark?: WatermarkSettings | null;
  /** Also encode the master (uploads and re-renders do; the seed's shared photos do not). */
  master?: boolean;
}

/** File name of the master inside a row's storage key; no variant name matches it, so it is never served. */
export const MASTER_FILE = "master.jpg";
const MASTER_QUALITY = 92;

/** Encoder settings per format, chosen for size at a speed an upload can afford (docs/performance.md). */
const ENCODERS = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 75, effort: 3 },
  jpeg: { quality: 80, progressive: true },
} as const satisfies Record<MediaVariantFormat, object>;

/** Changes whenever the rendered bytes would (caches of rendered photos key on it). */
export const RENDER_SETTINGS = JSON.stringify({
  sharp: sharp.versions.sharp,
  vips: sharp.versions.vips,
  ENCODERS,
  MEDIA_VARIANT_MAX_WIDTH,
});

function encode(pipeline: sharp.Sharp, format: MediaVariantFormat): sharp.Sharp {
  if (format === "avif") return pipeline.avif(ENCODERS.avif);
  if (format === "webp") return pipeline.webp(ENCODERS.webp);
  return pipeline.jpeg(ENCODERS.jpeg);
}

/**
 * Decodes once and encodes every variant, one after the other (so a photo
 * never holds more than one encoder's memory). Throws when the body behind a
 * good header is broken; the caller turns that into invalid_type.
 */
export async function renderVariants(input: string | Buffer, header?: ImageHeader, options: RenderOptions = {}): Promise<RenderedImage> {
  const decoded = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, sequentialRead: true })
    .rotate()
    .resize({ width: MEDIA_VARIANT_MAX_WIDTH, withoutEnlargement: true })
    // Transparency has no place in a photo and JPEG cannot carry it: flatten onto white once.
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  // The upright size of the original (the decode may have shrunk it); generated images are already upright.
  const { width, height } = header ?? { width: info.width, height: info.height };
  const widths = variantWidthsFor(width);
  const master = options.master ? await sharp(decoded.data, { raw }).jpeg({ quality: MASTER_QUALITY }).toBuffer() : undefined;
  const pixels = options.watermark?.enabled ? await applyWatermark(decoded.data, raw, options.watermark) : decoded.data;
  const variants: RenderedVariant[] = [];
  for (const w of widths) {
    for (const format of MEDIA_VARIANT_FORMATS) {
      const pipeline = sharp(pixels, { raw }).resize({ width: w });
      variants.push({ width: w, format, data: await encode(pipeline, format).toBuffer() });
    }
  }
  return { width, height, widths, variants, ...(master ? { master } : {}) };
}
