/** A path with `r` appended: the return path rides along the links between the join and verification pages. */
export function withReturnPath(path: string, returnPath: string | null | undefined): string {
  if (!returnPath) return path;
  return `${path}${path.includes("?") ? "&" : "?"}r=${encodeURIComponent(returnPath)}`;
}

/**
 * Where a login or sign-up link on this page should bring the member back to (issue 25 item 3): the return path the
 * page itself carries (`r` of a join, login or verification page a prompt sent the visitor to), else the page itself
 * — but never the login or a registration page (a loop). Only a site path is passed on; the login and join pages
 * check it again (safeReturnPath) before they follow it.
 */
export function returnPathHere(location: { pathname: string; search: string }): string | null {
  const carried = new URLSearchParams(location.search).get("r");
  if (carried !== null) return carried.startsWith("/") && !carried.startsWith("//") ? carried : null;
  if (/^\/[^/]+\/(login|join)(\/|$)/i.test(location.pathname)) return null;
  return location.pathname + location.search;
}
