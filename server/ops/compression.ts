/**
 * Response compression (issue 9 item 12): brotli or gzip, whichever the client prefers (Accept-Encoding,
 * negotiated with `negotiator`), for HTML, JSON, CSS, JavaScript, SVG and the locale files. Build assets
 * come precompressed from disk (scripts/precompress.mjs, served by serveStatic's `precompressed`); this
 * middleware compresses what is made per request. A page rendered whole (ADR 153) is encoded in one call; a
 * streamed body stays streamed: every chunk is flushed through the compressor as it comes.
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
// A page rendered for one request is encoded once per request: quality 2 takes half of quality 4's CPU for 5–8 %
// more bytes (ADR 153: 346 vs 751 µs for the signed-in search's 84 KB). Stored answers (the micro-cache) keep 4.
const PER_REQUEST_BROTLI_PARAMS = { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_QUALITY]: 2 };
const GZIP_LEVEL = 6;

function encoder(encoding: Encoding) {
  return encoding === "br"
    ? createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS })
    : createGzip({ level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH });
}

/**
 * A whole body encoded at once: with the same settings as a stream when it is stored and served many times (the
 * micro-cache keeps these: ADR 143), with brotli's cheaper quality when it serves one request (ADR 153).
 */
export function encodeWhole(body: Uint8Array, encoding: Encoding, use: "stored" | "per-request" = "stored"): Uint8Array<ArrayBuffer> {
  const params = use === "stored" ? BROTLI_PARAMS : PER_REQUEST_BROTLI_PARAMS;
  const encoded = encoding === "br" ? brotliCompressSync(body, { params }) : gzipSync(body, { level: GZIP_LEVEL });
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

/** The encoded bytes differ from the identity body's: a strong validator would claim otherwise. */
function weakenEtag(headers: Headers) {
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
}

export interface CompressionOptions {
  /** The whole body of an answer whose bytes its maker handed over (a page rendered whole, ADR 153). */
  wholeBodyOf?: (response: Response) => Uint8Array | undefined;
}

export function compression({ wholeBodyOf }: CompressionOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const whole = wholeBodyOf?.(response);
    // node-server's own Response keeps header changes made after it was built (the API's no-store fallback,
    // the security headers) in a copy that reading its body throws away, rebuilding from its first headers.
    // So the body is read only on the path that compresses, which copies these headers onto its new answer.
    const headers = response.headers;
    if (c.req.method === "HEAD" || response.status === 204 || response.status === 304) return;
    if (headers.has("content-encoding") || !isCompressible(headers, whole?.byteLength)) return;
    // Whoever made an answer that already varies on Accept-Encoding chose its encoding (a micro-cache hit).
    if (/\baccept-encoding\b/i.test(headers.get("vary") ?? "")) return;
    // Whatever we answer, a cache must keep one copy per Accept-Encoding.
    headers.append("Vary", "Accept-Encoding");
    // Brotli first when the client rates both alike (most send "gzip, deflate, br").
    const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "");
    if (!encoding) return;
    // The whole body at hand: encoded in one call, and answered with its length (no stream, no compressor object).
    if (whole) {
      const encoded = encodeWhole(whole, encoding, "per-request");
      headers.set("Content-Encoding", encoding);
      headers.set("Content-Length", String(encoded.byteLength));
      weakenEtag(headers);
      c.res = undefined;
      c.res = new Response(encoded, { status: response.status, headers });
      return;
    }
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
    weakenEtag(out);
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
