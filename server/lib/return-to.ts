/**
 * Where a third party may send a member back to after a sign-on (help desk return_to, the forum's return_sso_url):
 * only an address on one of the configured hosts. Open redirects are refused here once for every sign-on (ADR 134):
 * other hosts, look-alike hosts (`https://help.example.com.evil`), protocol-relative `//evil`, userinfo (`a@evil`),
 * backslashes (browsers read `https:\\evil` as `https://evil`), control characters and other schemes.
 */

import type { ForumConfig } from "../integrations/forum/config";
import type { HelpdeskConfig } from "../integrations/helpdesk/config";

/** Longer return addresses are refused: no help desk or forum path needs more. */
export const RETURN_TO_MAX_LENGTH = 2048;

/**
 * `raw` as a URL when it is on one of `origins` (same scheme, host and port), else null. A path starting with a
 * single "/" is read on the first origin (a help desk's own relative return address).
 */
export function returnTargetOn(raw: string, origins: readonly string[]): URL | null {
  if (raw.length === 0 || raw.length > RETURN_TO_MAX_LENGTH || origins.length === 0) return null;
  // Backslashes, whitespace and control characters have no place in a return address; URL parsing would bend them.
  if (/[\\\s\p{Cc}]/u.test(raw)) return null;
  let url: URL;
  try {
    if (raw.startsWith("/") && !raw.startsWith("//")) url = new URL(raw, origins[0]);
    else if (/^https?:\/\//i.test(raw)) url = new URL(raw);
    else return null;
  } catch {
    return null;
  }
  if (url.username !== "" || url.password !== "") return null;
  return origins.some((origin) => sameOrigin(url, origin)) ? url : null;
}

function sameOrigin(url: URL, origin: string): boolean {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}

/**
 * The origins a member is sent on to after signing in (ADR 134): the active help desk's and the forum's. Signing in
 * from support/sso or the forum's sign-on ends in a redirect there, which the CSP's form-action must allow.
 */
export function signOnPartnerOrigins(helpdesk: HelpdeskConfig, forum: ForumConfig): string[] {
  const origins: string[] = [];
  if (helpdesk.provider === "zendesk" && helpdesk.zendesk) origins.push(helpdesk.zendesk.url);
  if (helpdesk.provider === "freshworks" && helpdesk.freshworks) origins.push(helpdesk.freshworks.portalUrl, helpdesk.freshworks.ssoUrl);
  if (forum.url) origins.push(forum.url);
  return origins;
}
