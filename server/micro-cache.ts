/**
 * A micro-cache for guest pages in the one process: a page the web tier marks
 * `Cache-Control: public` and tags with an ETag (entry.server.tsx) is kept in
 * memory for a few seconds and served to the next guests without running the
 * loaders or React again. Directory and profile pages are read far more often
 * than they change, so a 5-second window turns bursts of crawler and guest
 * traffic into one render per page (docs/performance.md). Signed-in requests
 * (a `tk` cookie) and anything not public never touch it. Set-Cookie is not
 * stored: a cached answer never hands one visitor's cookies to another.
 */
import { createTtlCache } from "./lib/ttl-cache";

export const MICRO_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;
/** Larger pages are not worth the memory. */
const MAX_BODY_BYTES = 256 * 1024;

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array;
  etag: string;
}

function isGuestGet(request: Request): boolean {
  if (request.method !== "GET") return false;
  const cookies = request.headers.get("cookie") ?? "";
  // A guest who dismissed an announcement (ADR 044) sees their own view of the bar.
  return !/(?:^|;\s*)(?:tk|announcements_dismissed)=/.test(cookies) && !request.headers.has("authorization");
}

function weakEqual(a: string, b: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return bare(a) === bare(b);
}

export function createMicroCache(now: () => number = Date.now) {
  const cache = createTtlCache<Entry>({ ttlMs: MICRO_CACHE_TTL_MS, maxEntries: MAX_ENTRIES });

  function answer(entry: Entry, request: Request): Response {
    const headers = new Headers(entry.headers);
    headers.set("X-Micro-Cache", "hit");
    const ifNoneMatch = request.headers.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weakEqual(tag, entry.etag))) {
      headers.delete("content-type");
      headers.delete("content-length");
      return new Response(null, { status: 304, headers });
    }
    return new Response(entry.body.slice(), { status: entry.status, headers });
  }

  return {
    async handle(request: Request, render: () => Promise<Response>): Promise<Response> {
      if (!isGuestGet(request)) return render();
      const key = request.url;
      const hit = cache.get(key, now());
      if (hit) return answer(hit, request);
      const response = await render();
      const etag = response.headers.get("etag");
      const cacheControl = response.headers.get("cache-control") ?? "";
      if (response.status !== 200 || !etag || !/^\s*public\b/i.test(cacheControl) || response.headers.has("set-cookie")) return response;
      const body = new Uint8Array(await response.arrayBuffer());
      const headers: Array<[string, string]> = [...response.headers].filter(([name]) => name.toLowerCase() !== "set-cookie");
      if (body.byteLength <= MAX_BODY_BYTES) cache.set(key, { status: response.status, headers, body, etag }, now());
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}
