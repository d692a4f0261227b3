/**
 * A micro-cache for guest pages in the one process: a page the web tier marks
 * `Cache-Control: public` and tags with an ETag (entry.server.tsx) is kept in
 * memory for a few seconds and served to the next guests without running the
 * loaders or React again. Directory and profile pages are read far more often
 * than they change, so a 5-second window turns bursts of crawler and guest
 * traffic into one render per page (docs/performance.md). Requests with a view
 * cookie (signed in, or a guest's own announcement bar: server/contract/shared-cache.ts)
 * and anything not public never touch it. Set-Cookie is not stored: a cached
 * answer never hands one visitor's cookies to another.
 *
 * A stored page is byte-identical for every visitor (ADR 143): it carries no CSP nonce (its policy names
 * its inline scripts' hashes), and a page whose policy still names a nonce is never stored. Its brotli and
 * gzip bodies are made once, at the first hit that asks for each, so a hit only picks bytes.
 */
import { carriesViewCookie } from "./contract/shared-cache";
import { createTtlCache } from "./lib/ttl-cache";
import { encodeWhole, isCompressible, preferredEncoding, type Encoding } from "./ops/compression";

export const MICRO_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;
/** Larger pages are not worth the memory. */
const MAX_BODY_BYTES = 256 * 1024;

/** One stored answer in one encoding: its bytes and the headers a hit goes out with. */
interface Variant {
  body: Uint8Array<ArrayBuffer>;
  headers: Array<[string, string]>;
}

interface Entry {
  status: number;
  etag: string;
  /** The rendered headers (no Set-Cookie, no Content-Length). */
  headers: Array<[string, string]>;
  compressible: boolean;
  /** The rendered bytes; the variants are made from them on first use. */
  identity: Uint8Array<ArrayBuffer>;
  variants: Partial<Record<Encoding | "identity", Variant>>;
}

function isGuestGet(request: Request): boolean {
  return request.method === "GET" && !carriesViewCookie(request.headers.get("cookie")) && !request.headers.has("authorization");
}

/**
 * An answer to a request with a view cookie is that visitor's alone, whatever the page said: a shared cache
 * that missed the CDN rule (ADR 143) must still never keep it.
 */
function keptPrivate(response: Response): Response {
  if (/^\s*public\b/i.test(response.headers.get("cache-control") ?? "")) response.headers.set("Cache-Control", "private, no-cache");
  return response;
}

function weakEqual(a: string, b: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return bare(a) === bare(b);
}

const weak = (etag: string) => (etag.startsWith("W/") ? etag : `W/${etag}`);

function variantOf(entry: Entry, encoding: Encoding | "identity"): Variant {
  const known = entry.variants[encoding];
  if (known) return known;
  const body = encoding === "identity" ? entry.identity : encodeWhole(entry.identity, encoding);
  const headers = entry.headers.filter(([name]) => !/^(?:etag|vary)$/i.test(name));
  const vary = entry.headers.filter(([name]) => /^vary$/i.test(name)).map(([, value]) => value);
  // A cache must keep one copy per Accept-Encoding (and server/ops/compression.ts leaves the answer alone).
  if (entry.compressible) vary.push("Accept-Encoding");
  if (vary.length > 0) headers.push(["Vary", vary.join(", ")]);
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  // The encoded bytes differ from the identity body's: only a weak validator may stay the same.
  headers.push(["ETag", encoding === "identity" ? entry.etag : weak(entry.etag)], ["Content-Length", String(body.byteLength)]);
  const variant = { body, headers };
  entry.variants[encoding] = variant;
  return variant;
}

export function createMicroCache(now: () => number = Date.now) {
  const cache = createTtlCache<Entry>({ ttlMs: MICRO_CACHE_TTL_MS, maxEntries: MAX_ENTRIES });

  function answer(entry: Entry, request: Request, hit: boolean): Response {
    const encoding = entry.compressible ? (preferredEncoding(request.headers.get("accept-encoding") ?? "") ?? "identity") : "identity";
    const variant = variantOf(entry, encoding);
    const headers = new Headers(variant.headers);
    if (hit) headers.set("X-Micro-Cache", "hit");
    const ifNoneMatch = request.headers.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weakEqual(tag, entry.etag))) {
      headers.delete("content-type");
      headers.delete("content-length");
      headers.delete("content-encoding");
      return new Response(null, { status: 304, headers });
    }
    // The stored bytes go out as they are: nothing writes into a response body.
    return new Response(variant.body, { status: entry.status, headers });
  }

  return {
    async handle(request: Request, render: () => Promise<Response>): Promise<Response> {
      if (!isGuestGet(request)) {
        const response = await render();
        return carriesViewCookie(request.headers.get("cookie")) ? keptPrivate(response) : response;
      }
      const key = request.url;
      const hit = cache.get(key, now());
      if (hit) return answer(hit, request, true);
      const response = await render();
      const etag = response.headers.get("etag");
      const cacheControl = response.headers.get("cache-control") ?? "";
      if (response.status !== 200 || !etag || !/^\s*public\b/i.test(cacheControl) || response.headers.has("set-cookie")) return response;
      // A nonce must never reach a second visitor (ADR 143): such a page is answered once, as rendered.
      if (/'nonce-/.test(response.headers.get("content-security-policy") ?? "")) return response;
      // Headers first: reading the body may rebuild the response from its first headers (server/ops/compression.ts).
      const headers: Array<[string, string]> = [...response.headers].filter(([name]) => !/^(?:set-cookie|content-length)$/i.test(name));
      const contentHeaders = new Headers(headers);
      const body = new Uint8Array(await response.arrayBuffer());
      const compressible = isCompressible(contentHeaders, body.byteLength);
      if (body.byteLength > MAX_BODY_BYTES) return new Response(body, { status: response.status, headers });
      const entry: Entry = { status: response.status, etag, headers, compressible, identity: body, variants: {} };
      cache.set(key, entry, now());
      return answer(entry, request, false);
    },
  };
}
