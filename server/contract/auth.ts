/** Response bodies of the auth group (/oauth/v2/token, /captcha), as both tiers see them. */
import type { Challenge } from "altcha-lib";

/** The web tier's cookie with the member's access token (the host reads it too: the socket, fair shares). */
export const ACCESS_TOKEN_COOKIE = "tk";

export interface IssuedTokens {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
}

/**
 * The login captcha's proof-of-work levels (ADR 056): 0 up to this cap, each doubling the expected work; the cap keeps
 * a slow phone's solve bounded (the figures are in the ADR).
 */
export const CAPTCHA_MAX_LEVEL = 4;
/** From this level a slow phone works for seconds: the login form says so, and that typing the code is quicker. */
export const CAPTCHA_SLOW_LEVEL = 2;

export interface IssuedCaptcha {
  id: string;
  /** PNG data URI of the code, for members without JavaScript. */
  image: string;
  expires_at: number;
  /** ALTCHA v2 challenge (signed parameters), solved by the login page's script. */
  pow: Challenge;
  /**
   * The proof of work's level (also signed in `pow.parameters.data`): 0 at first, one more per failed login past a
   * limit from the address or for the account, up to CAPTCHA_MAX_LEVEL; each level doubles the expected work.
   */
  level: number;
}

/** POST /user/logout: the token (and its family) is revoked. */
export interface LoggedOut {
  logged_out: true;
}

/** POST /registration/password/forgot (202): a reset link was mailed if the address belongs to an account. */
export interface ResetMailRequested {
  sent: true;
}

/** POST /registration/password/reset: the new password is set. */
export interface PasswordResetDone {
  reset: true;
}

/** POST /registration/password/validate: the password meets the rules (a failure is a 400 with the rule). */
export interface PasswordAccepted {
  valid: true;
}
