/**
 * Every Cache-Control policy of the web tier, in one place (issue 8 item 2). A route picks a policy by
 * what the page is, never writes the header itself:
 * - `noStore()`: errors, degraded or one-off answers; nothing keeps them.
 * - `privatePage()`: sensitive pages (login, dashboards, settings): private, never stored, not indexed.
 * - `memberView()`: the signed-in view of a page guests see too: the browser revalidates, shared caches
 *   keep nothing, and the Cookie header decides which view (Vary).
 * - `guestPage(seconds)`: what any guest may get from a shared cache (the micro-cache, a CDN) for that long.
 *   With `signedInView`, a signed-in visitor gets another page at the same address: browsers revalidate
 *   every time (their copy may predate a sign-in; the ETag makes that a 304) and only shared caches keep it.
 *   No `Vary: Cookie` (every guest's cookies differ, so a shared cache would keep a copy per visitor): a
 *   shared cache keys on the session cookie's presence instead, and the host makes every answer to a
 *   request with that cookie private (ADR 143, server/micro-cache.ts).
 */
export const CACHE_HEADER = "Cache-Control";

/** How long guest answers may be kept, by kind. */
export const GUEST_MAX_AGE = { notFound: 60, profile: 60, page: 300, suggestions: 300, static: 3600 } as const;

/** The policy value of `noStore()`, for code that sets the header on Headers it already has. */
export const NO_STORE = "no-store";

export function noStore(): Record<string, string> {
  return { [CACHE_HEADER]: NO_STORE };
}

export function privatePage(): Record<string, string> {
  return { [CACHE_HEADER]: "private, no-store", "X-Robots-Tag": "noindex" };
}

/** A private answer that is no page (a redirect, JSON for the page's own script). */
export function privateAnswer(): Record<string, string> {
  return { [CACHE_HEADER]: "private, no-store" };
}

export function memberView(): Record<string, string> {
  return { [CACHE_HEADER]: "private, no-cache", Vary: "Cookie" };
}

export function guestPage(
  maxAgeSeconds: number,
  options: { revalidate?: boolean; staleWhileRevalidateSeconds?: number; signedInView?: boolean } = {},
): Record<string, string> {
  const parts = [options.signedInView ? `public, max-age=0, s-maxage=${maxAgeSeconds}` : `public, max-age=${maxAgeSeconds}`];
  if (options.revalidate) parts.push("must-revalidate");
  if (options.staleWhileRevalidateSeconds) parts.push(`stale-while-revalidate=${options.staleWhileRevalidateSeconds}`);
  return { [CACHE_HEADER]: parts.join(", ") };
}
