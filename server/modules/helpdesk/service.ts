/**
 * Support sign-on (issue 32 item 4, ADR 134): who may sign on to the help desk, where they may be sent, and the
 * record of every token handed out. The providers' token shapes are the adapters' (server/integrations/helpdesk).
 */
import { randomUUID } from "node:crypto";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { HELPDESK_ERRORS, HELPDESK_TOKEN_TTL_SECONDS, type SupportSignOn, type SupportSignOut } from "../../contract/helpdesk";
import { userTypeName } from "../../contract/users";
import { helpdeskAdapterOf, type HelpdeskAdapter } from "../../integrations/helpdesk/index";
import { returnTargetOn } from "../../lib/return-to";

export interface SignOnParams {
  return_to?: string | undefined;
  redirect_uri?: string | undefined;
  state?: string | undefined;
  nonce?: string | undefined;
}

/** The active help desk, or null: support/sso then explains how to reach the team. */
export function activeHelpdesk(deps: ApiDeps): HelpdeskAdapter | null {
  return helpdeskAdapterOf(deps.config.helpdesk);
}

/** A return address on the help desk, or the 400 that refuses an open redirect (absent: null). */
function checkedTarget(raw: string | undefined, origins: readonly string[], field: string): URL | null {
  if (raw === undefined || raw === "") return null;
  const target = returnTargetOn(raw, origins);
  if (!target) throw fail.badRequest(HELPDESK_ERRORS.foreignReturnTo, field);
  return target;
}

/**
 * The address that signs `userId` on to the help desk: the provider's sign-on URL with a token that lives
 * HELPDESK_TOKEN_TTL_SECONDS, recorded before it leaves. Refused: a return address off the help desk (400), an
 * e-mail address nobody confirmed (403: help desks match people by it).
 */
export async function signOnToHelpdesk(deps: ApiDeps, userId: number, params: SignOnParams): Promise<SupportSignOn> {
  const adapter = activeHelpdesk(deps);
  if (!adapter) return { configured: false, provider: null, url: null };
  const returnTo = checkedTarget(params.return_to, adapter.returnOrigins, "return_to");
  const redirectUri = checkedTarget(params.redirect_uri, adapter.redirectOrigins, "redirect_uri");
  const member = await deps.db
    .selectFrom("users")
    .select(["id", "username", "email", "user_type", "language", "email_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!member) throw fail.unauthorized();
  if (member.email_verified_at === null) throw fail.forbidden(HELPDESK_ERRORS.emailUnverified);
  const now = deps.clock.now();
  const iat = Math.floor(now / 1000);
  const token = { jti: randomUUID(), iat, exp: iat + HELPDESK_TOKEN_TTL_SECONDS };
  const url = await adapter.signOn(
    { id: member.id, name: member.username, email: member.email, userType: userTypeName(member.user_type), language: member.language },
    { returnTo, redirectUri, state: params.state || null, nonce: params.nonce || null },
    token,
  );
  // Without what the provider's flow needs (Freshworks' state and nonce) no token leaves: the member goes to the help
  // desk, which starts its sign-on and sends them back with them.
  if (url === null) return { configured: true, provider: adapter.provider, url: returnTo?.href ?? adapter.home };
  await deps.db
    .insertInto("helpdesk_sign_ons")
    .values({ user_id: member.id, provider: adapter.provider, jti: token.jti, issued_at: now, expires_at: token.exp * 1000 })
    .execute();
  return { configured: true, provider: adapter.provider, url };
}

/**
 * support/signout: the help desk signed the member out. Their open sign-ons are closed (a guest has none), and the
 * member goes back to return_to on the help desk, else the help desk's start page; with no help desk, to our home
 * (url null). A foreign return_to is not followed (no open redirect) but does not stop the sign-out.
 */
export async function signOutOfHelpdesk(deps: ApiDeps, userId: number | null, rawReturnTo: string | undefined): Promise<SupportSignOut> {
  if (userId !== null) {
    await deps.db
      .updateTable("helpdesk_sign_ons")
      .set({ signed_out_at: deps.clock.now() })
      .where("user_id", "=", userId)
      .where("signed_out_at", "is", null)
      .execute();
  }
  const adapter = activeHelpdesk(deps);
  if (!adapter) return { url: null };
  const target = rawReturnTo ? returnTargetOn(rawReturnTo, adapter.returnOrigins) : null;
  return { url: target?.href ?? adapter.home };
}
