/**
 * The watermark drawn onto derived images (ADR 029): a ring with a "V" in it, drawn as vector shapes
 * (no font needed on the server), about a fifth of the photo's width, in the chosen corner. white and
 * official paint the mark; inverse composites white with blend "difference", which inverts whatever
 * lies under the mark, so it stays visible on light and dark photos alike. Opacity 35-100 scales it.
 */
import sharp from "sharp";
import type { WatermarkSettings } from "../../contract/media-gallery";

/** The brand's primary colour (app/styles/theme.css.ts vars.color.primary): the "official" mark. */
export const WATERMARK_OFFICIAL_COLOR = "#8a1c5a";

/** Share of the photo's width the mark takes, and the margin to the edges. */
const MARK_SHARE = 0.2;
const MARGIN_SHARE = 0.03;
const MARK_MIN_PX = 24;

function markSvg(size: number, fill: string, opacity: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      `<g opacity="${(opacity / 100).toFixed(2)}" fill="none" stroke="${fill}" stroke-linecap="round" stroke-linejoin="round">` +
      `<circle cx="50" cy="50" r="44" stroke-width="8"/>` +
      `<path d="M29 31 L50 71 L71 31" stroke-width="11"/>` +
      `</g></svg>`,
  );
}

/** Where the mark's top-left corner goes on an image `width` × `height`. */
export function markPlacement(width: number, height: number, corner: WatermarkSettings["corner"]) {
  const size = Math.max(MARK_MIN_PX, Math.round(width * MARK_SHARE));
  const fitted = Math.min(size, width, height);
  const margin = Math.round(width * MARGIN_SHARE);
  const left = corner.endsWith("left") ? margin : Math.max(0, width - fitted - margin);
  const top = corner.startsWith("top") ? margin : Math.max(0, height - fitted - margin);
  return { size: fitted, left, top };
}

/**
 * Draws the mark onto raw RGB pixels and returns raw RGB pixels of the same size
 * (the variants are resized from them, so the mark scales with each width).
 */
export async function applyWatermark(
  pixels: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  settings: WatermarkSettings,
): Promise<Buffer> {
  const { size, left, top } = markPlacement(raw.width, raw.height, settings.corner);
  const fill = settings.color === "official" ? WATERMARK_OFFICIAL_COLOR : "#ffffff";
  return await sharp(pixels, { raw })
    .composite([{ input: markSvg(size, fill, settings.opacity), left, top, blend: settings.color === "inverse" ? "difference" : "over" }])
    .removeAlpha()
    .raw()
    .toBuffer();
}
