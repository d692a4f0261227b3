/**
 * Who must verify their e-mail address, and what waits for it (ADR 024).
 * The one place for the rule: the API's user data and profile actions, the
 * API's guard for member actions, and the web tier's prompts all read it.
 *
 * A member with an unverified address browses like anyone signed in
 * (search, profiles, their own settings); only actions that reach another
 * member or publish something ask for a verified address first: a sender
 * must be reachable, and a throwaway address must not be enough to write
 * to people or to post in their name.
 */
import { USER_TYPE } from "./users";

export interface EmailState {
  isEmailVerified: boolean;
  emailWasVerified: boolean;
  isBouncedEmail: boolean;
}

/**
 * Spec section 4: verification is required unless the address was verified
 * earlier; a bounced address forces re-verification.
 */
export function mustVerifyEmail(user: EmailState): boolean {
  return !user.isEmailVerified && (!user.emailWasVerified || user.isBouncedEmail);
}

/** What a signed-in member does; true where the action needs a verified address. */
export const VERIFIED_EMAIL_NEEDED = {
  /** Writing in the messenger (first contact and replies). */
  message: true,
  /** Asking an escort for a date. */
  date_request: true,
  /** Reviews of dates, events and businesses. */
  review: true,
  /** Publishing: blogs, events, newsfeed posts, comments. */
  post: true,
  /** Private to the member, reaches nobody: no verification needed. */
  favorite: false,
  save_search: false,
  edit_profile: false,
  upload_media: false,
} as const satisfies Record<string, boolean>;
export type MemberAction = keyof typeof VERIFIED_EMAIL_NEEDED;

/** Whether `user` must verify their address before `action`. */
export function verifyEmailFirst(user: EmailState, action: MemberAction): boolean {
  return VERIFIED_EMAIL_NEEDED[action] && mustVerifyEmail(user);
}

/** The API's answer to an action that needs a verified address (403). */
export const EMAIL_VERIFICATION_REQUIRED = "exception.email_verification.required";

/** The verification page (path after the language) of a user type. */
export function emailVerificationPath(userType: number): "join/business/email" | "join/user/email" {
  return userType === USER_TYPE.business ? "join/business/email" : "join/user/email";
}
