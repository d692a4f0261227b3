/**
 * The limits the forms' fields show and the contract's schemas enforce, in a module without valibot (ADR 156): the
 * sign-up, password, claim and phone forms render them, and their schemas reach the browser only by import() when the
 * form is first used. validation.ts, registration-sign-up.ts and invites.ts re-export them (the pattern of ADR 149).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/**
 * A username: letters (German umlauts and ß included) and digits, in parts joined by a single `_`, `.` or `-`.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9ÄÖÜäöüß]+(?:[_.-][A-Za-z0-9ÄÖÜäöüß]+)*$/;

/** Adults only (German law; the spec asks for at least 18). */
export const MIN_SIGNUP_AGE = 18;
/** Nobody alive is older; keeps typos like 1066 out of the birth year. */
export const MAX_SIGNUP_AGE = 120;
export const COMPANY_NAME_MAX = 80;
export const CONTACT_PERSON_MAX = 80;

/** 6-digit codes (claims and SMS). */
export const VERIFICATION_CODE_LENGTH = 6;
