/**
 * Support sign-on (spec section 2 "Support sign-on: support/sso (with return_to query), support/signout"; section 7
 * "user … support SSO with two providers"; issue 32 item 4, ADR 134): a signed-in member reaches the help desk
 * signed in as themselves, their name, e-mail and user type passed in a token the help desk verifies.
 */
import * as v from "valibot";

/** How long a sign-on token is valid (seconds): Zendesk accepts a JWT within minutes of its iat; ours says so itself. */
export const HELPDESK_TOKEN_TTL_SECONDS = 180;

/** The longest value of each sign-on parameter we pass on (return addresses have their own limit). */
const PARAM_MAX = 2048;

const optionalParam = v.optional(v.pipe(v.string("validation.invalid"), v.maxLength(PARAM_MAX, "validation.invalid")));

/** GET /user/support/sso: what the help desk sent the member with (Zendesk: return_to; Freshworks: the other three). */
export const supportSignOnQuerySchema = v.strictObject(
  { return_to: optionalParam, redirect_uri: optionalParam, state: optionalParam, nonce: optionalParam },
  "validation.invalid",
);

/** POST /user/support/signout: where the help desk wants the member to land after signing out. */
export const supportSignOutBodySchema = v.strictObject({ return_to: optionalParam }, "validation.invalid");

export const HELPDESK_ERRORS = {
  /** return_to (or redirect_uri) is not an address on the configured help desk: an open redirect, refused. */
  foreignReturnTo: "exception.helpdesk.return_to_foreign",
  /** Help desks map members by e-mail: an address nobody confirmed could take over another person's tickets. */
  emailUnverified: "exception.helpdesk.email_unverified",
} as const;

/** GET /user/support/sso: the help desk is off, or the address to send the member to. */
export interface SupportSignOn {
  /** false: no help desk is configured; the page explains how to reach support instead. */
  configured: boolean;
  /** zendesk | freshworks; null when off. */
  provider: string | null;
  /** The provider's sign-on address with the signed token; null when off. */
  url: string | null;
}

/** POST /user/support/signout: where to send the member next; null: our own home page. */
export interface SupportSignOut {
  url: string | null;
}

export interface HelpdeskBodies {
  SupportSignOn: SupportSignOn;
  SupportSignOut: SupportSignOut;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends HelpdeskBodies {}
}
