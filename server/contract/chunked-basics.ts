/**
 * What the gallery page's upload script needs of the chunked upload (spec section 7, ADR 029): the piece size and
 * ranges, what the server holds, the browser's compression. A leaf without valibot: ./media-chunked (which
 * re-exports it) builds the endpoints' schemas at load, and the page would carry them (ADR 168).
 */

/** Spec section 7: piece size 512 KB (every piece but the last is exactly this long). */
export const CHUNK_SIZE = 512 * 1024;

/** How many pieces a file of `totalSize` bytes has, and the byte range of piece `index` (inclusive end). */
export function chunkCount(totalSize: number): number {
  return Math.ceil(totalSize / CHUNK_SIZE);
}
export function chunkRangeOf(index: number, totalSize: number): { start: number; end: number; size: number } {
  const start = index * CHUNK_SIZE;
  const end = Math.min(totalSize, start + CHUNK_SIZE) - 1;
  return { start, end, size: end - start + 1 };
}

/** What the server holds of one chunked upload. */
export interface ChunkedUploadState {
  upload_id: string;
  received: number[];
  total_chunks: number;
}

/**
 * The browser shrinks a photo before sending it (spec section 7: "compression in the browser from
 * 100 KB"): JPEG at this quality, the longer side at most this long (well above the largest variant).
 */
export const COMPRESS_FROM_BYTES = 100 * 1024;
export const COMPRESS_MAX_SIDE = 2560;
export const COMPRESS_QUALITY = 0.85;
