/**
 * The claim page's server side: the bind token a passed verification hands
 * out lives in an httpOnly cookie (never in the HTML), tied to its invite.
 */
import { CLAIM_BIND_TTL_MS, CLAIM_TOKEN_COOKIE } from "#server/contract/invites";
import { clearCookie, parseCookies, serializeCookie } from "~/session/session.server";

/** The bind token stored for this invite, or null. */
export function readClaimToken(request: Request, inviteCode: string): string | null {
  const raw = parseCookies(request.headers.get("cookie")).get(CLAIM_TOKEN_COOKIE) ?? "";
  const [code, token] = raw.split(":");
  return code === inviteCode && token ? token : null;
}

export function claimTokenCookie(inviteCode: string, bindToken: string): string {
  return serializeCookie(CLAIM_TOKEN_COOKIE, `${inviteCode}:${bindToken}`, { httpOnly: true, maxAge: CLAIM_BIND_TTL_MS / 1000 });
}

export function clearClaimTokenCookie(): string {
  return clearCookie(CLAIM_TOKEN_COOKIE);
}
