/**
 * The invitation a visitor arrived with (invitation-code/{code}): kept in an
 * httpOnly cookie for 30 days so sign-up can send it along as
 * invitation_code; the API counts its use then (redeemInvitationCode).
 */
import * as v from "valibot";
import { INVITATION_COOKIE, INVITATION_COOKIE_MAX_AGE_S, invitationCodeSchema } from "#server/contract/invites";
import { clearCookie, parseCookies, serializeCookie } from "./session.server";

/** The stored invitation code, or null when there is none or it is malformed. */
export function readInvitationCode(request: Request): string | null {
  const raw = parseCookies(request.headers.get("cookie")).get(INVITATION_COOKIE);
  if (!raw) return null;
  const parsed = v.safeParse(invitationCodeSchema, raw);
  return parsed.success ? parsed.output : null;
}

export function invitationCookie(code: string): string {
  return serializeCookie(INVITATION_COOKIE, code, { httpOnly: true, maxAge: INVITATION_COOKIE_MAX_AGE_S });
}

/** After a sign-up used it. */
export function clearInvitationCookie(): string {
  return clearCookie(INVITATION_COOKIE);
}
