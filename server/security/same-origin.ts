/**
 * Cross-site request refusal for the web tier (issue 9 item 3). The web tier's forms act with the
 * visitor's cookies, so a form posted from a foreign page (login CSRF, an age check, a reset mail sent
 * in someone's name) must be refused before Remix runs: one check here covers document posts,
 * `?_data=` posts, resource routes and logout alike.
 *
 * A browser says where a request comes from with Sec-Fetch-Site (all current browsers) and Origin
 * (every POST since 2020). A client that sends neither is not a browser acting for a visitor (curl,
 * QA scripts, server-to-server), and cookies are the only thing this check protects.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginVerdict = "same-origin" | "cross-site";

/** Says whether an Origin is one of ours, given the host the request names. */
export type OwnOrigin = (origin: string, host: string | null | undefined) => boolean;

/**
 * Our origins: PUBLIC_URL's, and the one the request itself names (its Host, under either scheme: behind a
 * TLS-terminating proxy the request arrives as http). Made once per process; the check parses nothing.
 */
export function ownOrigins(publicUrl: string | undefined): OwnOrigin {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  return (origin, host) => origin === publicOrigin || (!!host && (origin === `http://${host}` || origin === `https://${host}`));
}

export function originVerdict(request: Request, isOwn: OwnOrigin): OriginVerdict {
  if (SAFE_METHODS.has(request.method)) return "same-origin";
  const fetchSite = request.headers.get("sec-fetch-site");
  // "none": typed, bookmarked or a browser's own request; never a page of another site.
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return "cross-site";
  const origin = request.headers.get("origin");
  if (origin === null) return "same-origin";
  // "null" (sandboxed frames, data: URLs, cross-origin redirects) and garbage are no origin of ours.
  if (!isOwn(origin, request.headers.get("host") ?? new URL(request.url).host)) return "cross-site";
  // Remix aborts a form post whose X-Forwarded-Host (its first value) names another host than the Origin by
  // throwing, which would answer 500: a forged or misrouted forwarding header is refused here instead (issue 25).
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded && forwarded !== new URL(origin).host ? "cross-site" : "same-origin";
}

/** The websocket handshake: a browser always sends Origin; a page of another site may not open it. */
export function upgradeAllowed(origin: string | undefined, host: string | undefined, isOwn: OwnOrigin): boolean {
  return origin === undefined || isOwn(origin, host);
}
