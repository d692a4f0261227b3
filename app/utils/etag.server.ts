import { createHash } from "node:crypto";
import { CACHE_HEADER } from "./cache-headers";

/**
 * A GET answer marked public may be kept by shared caches (the micro-cache, a CDN) and given to many guests:
 * rendered without a nonce (ADR 143), and when it is a 200, tagged with an ETag so crawlers and caches
 * revalidate with If-None-Match and get a bodiless 304 when nothing changed.
 */
export function isSharedAnswer(request: Request, headers: Headers): boolean {
  return request.method === "GET" && /^\s*public\b/i.test(headers.get(CACHE_HEADER) ?? "");
}

/**
 * A weak validator: the same HTML (after rendering) gives the same tag. Public pages are rendered without
 * a CSP nonce (ADR 143), so the same page gives the same bytes, and its policy (script hashes) follows
 * from them.
 */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** RFC 9110 weak comparison against an If-None-Match header (a list, or "*"). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || bare(candidate) === bare(etag));
}
