/**
 * What the file route delivers of paid and fans-only media (issue 28 item 7, ADR 093):
 * - the blurred preview (`preview.jpg`) every viewer who may see that the medium exists gets instead of its variants:
 *   made by the server from the stored variant, small and heavily blurred, kept beside the variants once made;
 * - the buyer's copy: the variant with the viewer's username drawn across it, rendered from the stored variant (which
 *   stays untouched) and kept for a while per buyer (./buyer-copies.ts), so a leaked copy names who leaked it.
 */
import sharp from "sharp";
import { MEDIA_VARIANT_MIME, type MediaVariantFormat } from "../../contract/media";
import type { MediaStorage } from "../../integrations/storage/storage";
import { parseVariantWidths, variantStorageKey } from "./images";

/** The preview's file name inside a medium's variants, its width and how strongly it is blurred (a sigma in pixels). */
export const PREVIEW_VARIANT = "preview.jpg";
export const PREVIEW_WIDTH = 320;
const PREVIEW_BLUR_SIGMA = 16;

/** The stored variant the preview is made from: the smallest JPEG at least PREVIEW_WIDTH wide, else the largest. */
function previewSourceKey(row: { storage_key: string; variant_widths: string | null }): string {
  const widths = parseVariantWidths(row.variant_widths);
  if (widths.length === 0) return row.storage_key;
  const width = widths.find((w) => w >= PREVIEW_WIDTH) ?? widths[widths.length - 1]!;
  return variantStorageKey(row.storage_key, width, "jpeg");
}

/** The preview's bytes: read when made before, else rendered from the stored variant and kept. null without a source. */
export async function previewBytes(
  storage: MediaStorage,
  row: { storage_key: string; variant_widths: string | null },
  run: <T>(task: () => Promise<T>) => Promise<T>,
): Promise<Buffer | null> {
  const key = `${row.storage_key}/${PREVIEW_VARIANT}`;
  const kept = await storage.read(key);
  if (kept) return kept;
  const source = await storage.read(previewSourceKey(row));
  if (!source) return null;
  const bytes = await run(() =>
    sharp(source)
      .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
      .blur(PREVIEW_BLUR_SIGMA)
      // Coarse on purpose: nothing of the photo's detail survives the preview.
      .jpeg({ quality: 45, mozjpeg: true })
      .toBuffer(),
  );
  await storage.put(key, bytes, { contentType: MEDIA_VARIANT_MIME.jpeg });
  return bytes;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * The variant with the buyer's name on it: a translucent band across the lower third with "@username" in it, twice
 * as large as a caption so a crop cannot take it off without taking the photo's middle. Same size and format as the
 * stored variant; no metadata written (sharp writes none unless asked).
 */
export async function buyerWatermarked(bytes: Buffer, format: MediaVariantFormat, username: string): Promise<Buffer> {
  const image = sharp(bytes);
  const meta = await image.metadata();
  const width = meta.width ?? 320;
  const height = meta.height ?? 320;
  const band = Math.max(18, Math.round(height * 0.09));
  const fontSize = Math.round(band * 0.62);
  const top = Math.round(height * 0.62);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="0" y="${top}" width="${width}" height="${band}" fill="#000000" fill-opacity="0.35"/>` +
      `<text x="${Math.round(width / 2)}" y="${top + Math.round(band * 0.72)}" text-anchor="middle" ` +
      `font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.8">` +
      `@${escapeXml(username)}</text></svg>`,
  );
  const marked = sharp(bytes).composite([{ input: svg, left: 0, top: 0 }]);
  if (format === "avif") return marked.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === "webp") return marked.webp({ quality: 78 }).toBuffer();
  return marked.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** A buffer as the storage port's opened object (the file route streams either). */
export function bufferObject(bytes: Buffer) {
  return {
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    }),
    size: bytes.byteLength,
    totalSize: bytes.byteLength,
  };
}
