/**
 * Byte ranges for stored videos (ADR 034): what a `<video>` element sends to seek, and the 200/206/416 answer for a
 * stored object opened with it. The media module's file route and the live recordings' file route share it, so a
 * player sees one behaviour for every video the product serves.
 */
import type { ByteRange, StoredObject } from "../integrations/storage/storage";

/**
 * One `bytes=start-end` or `bytes=start-` range (what video players send to seek); anything else —
 * suffix ranges, several ranges, junk — is answered with the whole file, which HTTP allows.
 */
export function singleByteRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header?.trim() ?? "");
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] === "" ? Number.MAX_SAFE_INTEGER : Number(match[2]);
  return end >= start ? { start, end } : undefined;
}

/**
 * The answer for a stored object opened with `range` (or without): the whole body (200), the asked part (206 with
 * Content-Range) or 416 for a range starting past the end. `headers` are the caller's (type, caching); the length
 * and Accept-Ranges are set here.
 */
export async function rangedAnswer(object: StoredObject, range: ByteRange | undefined, headers: Record<string, string>): Promise<Response> {
  const all = { ...headers, "Accept-Ranges": "bytes", "Content-Length": String(object.size) };
  if (!range) return new Response(object.body, { status: 200, headers: all });
  if (range.start >= object.totalSize) {
    await object.body.cancel();
    return new Response(null, {
      status: 416,
      headers: { "Content-Range": `bytes */${object.totalSize}`, "Cache-Control": headers["Cache-Control"] ?? "no-store" },
    });
  }
  const end = range.start + object.size - 1;
  return new Response(object.body, {
    status: 206,
    headers: { ...all, "Content-Range": `bytes ${range.start}-${end}/${object.totalSize}` },
  });
}
