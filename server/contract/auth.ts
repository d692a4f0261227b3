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

export interface IssuedCaptcha {
  id: string;
  /** PNG data URI of the code, for members without JavaScript. */
  image: string;
  expires_at: number;
  /** ALTCHA v2 challenge (signed parameters), solved by the login page's script. */
  pow: Challenge;
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
