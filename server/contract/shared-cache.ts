/**
 * Which requests a shared cache may answer from a guest's copy (ADR 143). A page differs for a visitor only
 * through these cookies; the language is in the path and consent is a member's setting. A request that
 * carries one of them is never answered from a shared copy (micro-cache, CDN) and its answer is never
 * public, so no shared cache has to vary on the whole Cookie header.
 */
import { ACCESS_TOKEN_COOKIE } from "./auth";

/** A guest's dismissed announcements (ADR 044): their announcement bar is their own. */
export const ANNOUNCEMENTS_DISMISSED_COOKIE = "announcements_dismissed";

/** The session (signed in) and the guest's own view of the announcement bar. */
export const VIEW_COOKIES = [ACCESS_TOKEN_COOKIE, ANNOUNCEMENTS_DISMISSED_COOKIE] as const;

const VIEW_COOKIE = new RegExp(`(?:^|;)\\s*(?:${VIEW_COOKIES.join("|")})=`);

/** Whether a Cookie header carries a cookie that changes the page (an empty value counts: the page was asked with it). */
export function carriesViewCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && VIEW_COOKIE.test(cookieHeader);
}
