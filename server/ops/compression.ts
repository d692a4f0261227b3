/**
 * Response compression (issue 9 item 12): brotli or gzip, whichever the client prefers (Accept-Encoding,
 * negotiated with `negotiator`), for HTML, JSON, CSS, JavaScript, SVG and the locale files. Build assets
 * come precompressed from disk (scripts/precompress.mjs, served by serveStatic's `precompressed`); this
 * middleware compresses what is made per request. Streamed HTML stays streamed: every chunk is flushed
 * through the compressor as it comes.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import Negotiator from "negotiator";

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;
/** Smaller bodies gain less than the bytes the encoding headers cost. */
const MIN_BYTES = 1024;
const ENCODINGS = ["br", "gzip"];
/** negotiator 1.0's `preferred` option, which @types/negotiator (0.6) does not know yet. */
type PreferringEncoding = (available: string[], options: { preferred: string[] }) => string | undefined;

export type Encoding = "br" | "gzip";
// Brotli quality 4 compresses HTML about as well as gzip -9 at a fraction of quality 11's CPU.
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const GZIP_LEVEL = 6;

function encoder(encoding: Encoding) {
  return encoding === "br"
    ? createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS })
    : createGzip({ level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH });
}

/** A whole body encoded at once, with the same settings (the micro-cache keeps these: ADR 143). */
export function encodeWhole(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const encoded = encoding === "br" ? brotliCompressSync(body, { params: BROTLI_PARAMS }) : gzipSync(body, { level: GZIP_LEVEL });
  // Its own ArrayBuffer (zlib's may be pooled), as a Response body needs.
  return new Uint8Array(encoded);
}

/** Whether an answer with these headers (and this length, when known) is worth compressing at all. */
export function isCompressible(headers: Headers, bodyLength?: number): boolean {
  const length = bodyLength ?? headers.get("content-length");
  return (
    COMPRESSIBLE.test(headers.get("content-type") ?? "") &&
    (length === null || Number(length) >= MIN_BYTES) &&
    !/\bno-transform\b/i.test(headers.get("cache-control") ?? "")
  );
}

// Clients send a handful of distinct Accept-Encoding values: each is negotiated once.
const negotiated = new Map<string, Encoding | undefined>();
const NEGOTIATED_MAX = 256;

/** The encoding this Accept-Encoding prefers of ours; brotli first when the client rates both alike. */
export function preferredEncoding(acceptEncoding: string): Encoding | undefined {
  if (negotiated.has(acceptEncoding)) return negotiated.get(acceptEncoding);
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  const encoding = (negotiator.encoding as PreferringEncoding).call(negotiator, ENCODINGS, { preferred: ENCODINGS });
  const ours = encoding === "br" || encoding === "gzip" ? encoding : undefined;
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(acceptEncoding, ours);
  return ours;
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    // node-server's own Response keeps header changes made after it was built (the API's no-store fallback,
    // the security headers) in a copy that reading its body throws away, rebuilding from its first headers.
    // So the body is read only on the path that compresses, which copies these headers onto its new answer.
    const headers = response.headers;
    if (c.req.method === "HEAD" || response.status === 204 || response.status === 304) return;
    if (headers.has("content-encoding") || !isCompressible(headers)) return;
    // Whoever made an answer that already varies on Accept-Encoding chose its encoding (a micro-cache hit).
    if (/\baccept-encoding\b/i.test(headers.get("vary") ?? "")) return;
    // Whatever we answer, a cache must keep one copy per Accept-Encoding.
    headers.append("Vary", "Accept-Encoding");
    // Brotli first when the client rates both alike (most send "gzip, deflate, br").
    const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "");
    if (!encoding) return;
    const out = new Headers(headers);
    const body = response.body;
    if (!body) {
      c.res = undefined;
      c.res = new Response(null, { status: response.status, statusText: response.statusText, headers: out });
      return;
    }
    const compressed = Readable.fromWeb(body as NodeReadableStream).pipe(encoder(encoding));
    out.set("Content-Encoding", encoding);
    out.delete("Content-Length");
    // The bytes differ from the identity body's: a strong validator would claim otherwise.
    const etag = out.get("etag");
    if (etag && !etag.startsWith("W/")) out.set("ETag", `W/${etag}`);
    // Hono copies the previous answer's headers onto a new one (its Content-Length too, which would make the
    // client wait for bytes that never come): drop the previous answer first.
    c.res = undefined;
    c.res = new Response(Readable.toWeb(compressed) as ReadableStream, {
      status: response.status,
      statusText: response.statusText,
      headers: out,
    });
  };
}
