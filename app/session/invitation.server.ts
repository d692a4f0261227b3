/**
 * The invitation a visitor arrived with (invitation-code/{code}): kept in an
 * httpOnly cookie for 30 days so sign-up can send it along as
 * invitation_code; the API counts its use then (redeemInvitationCode).
 */
import { INVITATION_COOKIE, INVITATION_COOKIE_MAX_AGE_S } from "#server/contract/invites";
import { serializeCookie } from "./session.server";

export function invitationCookie(code: string): string {
  return serializeCookie(INVITATION_COOKIE, code, { httpOnly: true, maxAge: INVITATION_COOKIE_MAX_AGE_S });
}
