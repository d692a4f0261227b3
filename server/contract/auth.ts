/** Response bodies of the auth group (/oauth/v2/token, /captcha), as both tiers see them. */
import type { Challenge } from "altcha-lib";

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
