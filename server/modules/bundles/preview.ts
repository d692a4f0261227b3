/**
 * A bundle's blurred preview (issue 28 item 1, ADR 092): the cover's smallest stored JPEG variant, shrunk and blurred
 * by the server, so a page of someone who has not bought the bundle never carries the real variant's address.
 */
import sharp from "sharp";
import type { ApiDeps } from "../../api/types";
import { fail } from "../../api/errors";
import { parseVariantWidths, storageOf, variantStorageKey } from "../media/index";

/** Small on purpose: a hint of the content, not a copy of it. */
const PREVIEW_WIDTH = 240;
const PREVIEW_BLUR_SIGMA = 18;

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The blurred JPEG of a stored medium (its smallest variant, or the single file of a row stored before variants). */
export async function blurredPreview(deps: ApiDeps, source: { storageKey: string; variantWidths: string | null }): Promise<Buffer> {
  const widths = parseVariantWidths(source.variantWidths);
  const key = widths.length > 0 ? variantStorageKey(source.storageKey, Math.min(...widths), "jpeg") : source.storageKey;
  const stored = await storageOf(deps).open(key);
  if (!stored) throw fail.notFound();
  const input = await bytesOf(stored.body);
  return sharp(input).resize({ width: PREVIEW_WIDTH, withoutEnlargement: true }).blur(PREVIEW_BLUR_SIGMA).jpeg({ quality: 60 }).toBuffer();
}
