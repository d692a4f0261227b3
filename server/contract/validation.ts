/**
 * Validation rules shared by the web tier (field errors before a round trip)
 * and the API (the rule that counts). Messages are translation keys.
 */
import * as v from "valibot";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "./form-limits";

/** The limits forms render: in ./form-limits (free of valibot, ADR 156). */
export { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "./form-limits";
export const CAPTCHA_ANSWER_MAX = 32;
/** An ALTCHA payload is about 600 characters; room for more, never megabytes. */
export const CAPTCHA_POW_MAX = 4_000;

const required = "validation.required";

export const emailSchema = v.pipe(
  v.string(required),
  v.trim(),
  v.nonEmpty(required),
  v.maxLength(EMAIL_MAX, "validation.email.invalid"),
  v.email("validation.email.invalid"),
);

/** Every password needs a letter and a digit (members here, staff in ./staff.ts with more rules). */
export const PASSWORD_NEEDS_LETTER = /\p{L}/u;
export const PASSWORD_NEEDS_DIGIT = /\d/;

/** Strength: length bounds, at least one letter and one digit. */
export const passwordSchema = v.pipe(
  v.string(required),
  v.nonEmpty(required),
  v.minLength(PASSWORD_MIN, `validation.password.too_short?requirement=${PASSWORD_MIN}`),
  v.maxLength(PASSWORD_MAX, `validation.password.too_long?requirement=${PASSWORD_MAX}`),
  v.regex(PASSWORD_NEEDS_LETTER, "validation.password.needs_letter"),
  v.regex(PASSWORD_NEEDS_DIGIT, "validation.password.needs_digit"),
);

type PasswordPair = { password: string; password_confirmation: string };

/**
 * A new password typed twice must match; a mismatch is reported at the confirmation field. A partial check,
 * so it runs as soon as both fields are valid, whatever the rest of the form holds.
 */
export function passwordConfirmationMatches<TInput extends PasswordPair>() {
  const check = v.forward(
    v.partialCheck<PasswordPair, [["password"], ["password_confirmation"]], PasswordPair, string>(
      [["password"], ["password_confirmation"]],
      (input) => input.password === input.password_confirmation,
      "validation.password.confirmation_mismatch",
    ),
    ["password_confirmation"],
  );
  // It reads those two fields only and hands the whole input on unchanged, so it fits any form that has them.
  return check as unknown as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<PasswordPair>>;
}

/** Login takes a username or an e-mail address. */
export const loginSchema = v.object(
  {
    username: v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(EMAIL_MAX, "validation.invalid")),
    password: v.pipe(v.string(required), v.nonEmpty(required), v.maxLength(PASSWORD_MAX, "validation.invalid")),
    captcha_id: v.optional(v.string()),
    captcha_answer: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CAPTCHA_ANSWER_MAX, "validation.invalid"))),
    /** ALTCHA payload (base64 JSON) from the login page's script. */
    captcha_pow: v.optional(v.pipe(v.string(), v.maxLength(CAPTCHA_POW_MAX, "validation.invalid"))),
    /** "1": keep me logged in (no 24-hour session window, ADR 016). */
    keep_logged_in: v.optional(v.picklist(["0", "1"], "validation.invalid")),
  },
  required,
);

/** GET /captcha: the login form names the account it is for, so the proof of work has that account's level (ADR 056). */
export const captchaQuerySchema = v.object({
  username: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(EMAIL_MAX, "validation.invalid"))),
});

export const forgotPasswordSchema = v.object({ email: emailSchema }, required);

export const resetPasswordSchema = v.pipe(
  v.object(
    {
      token: v.pipe(v.string(required), v.nonEmpty(required)),
      password: passwordSchema,
      password_confirmation: v.pipe(v.string(required), v.nonEmpty(required)),
    },
    required,
  ),
  passwordConfirmationMatches(),
);

/**
 * Usernames (spec section 5): letters, digits, German umlauts or ß, with
 * single separators _ . - only between groups. Registration adds the length
 * 3 to 20. Profile routes accept any such name (older accounts may be
 * shorter), and also the single letters s, n, c, l, r or the empty string.
 */
const ROUTE_USERNAME_EXTRAS = new Set(["", "s", "n", "c", "l", "r"]);

/** No account's name is longer; a longer one in a URL is simply not a profile (and never reaches the API). */
export const ROUTE_USERNAME_MAX = 64;

export function isValidProfileUsername(value: string): boolean {
  return ROUTE_USERNAME_EXTRAS.has(value) || (value.length <= ROUTE_USERNAME_MAX && USERNAME_PATTERN.test(value));
}

export const usernameSchema = v.pipe(
  v.string(required),
  v.trim(),
  v.nonEmpty(required),
  v.minLength(USERNAME_MIN, `validation.username.too_short?requirement=${USERNAME_MIN}`),
  v.maxLength(USERNAME_MAX, `validation.username.too_long?requirement=${USERNAME_MAX}`),
  v.regex(USERNAME_PATTERN, "validation.username.invalid_characters"),
);

/**
 * Phone-like value (spec section 5): an optional plus sign followed by digits
 * only. E.164 caps a full number at 15 digits; 4 is the shortest national
 * subscriber part worth sending a code to.
 */
export const PHONE_LIKE_PATTERN = /^\+?\d+$/;
export const PHONE_DIGITS_MIN = 4;
export const PHONE_DIGITS_MAX = 15;

export function isPhoneLike(value: string): boolean {
  if (!PHONE_LIKE_PATTERN.test(value)) return false;
  const digits = value.startsWith("+") ? value.length - 1 : value.length;
  return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

/** Spaces, dashes, dots, slashes and brackets people type are dropped before the rule applies. */
export const phoneLikeSchema = v.pipe(
  v.string(required),
  v.transform((value) => value.replace(/[\s\-./()]/g, "")),
  v.nonEmpty(required),
  v.check(isPhoneLike, "validation.phone.invalid"),
);

/**
 * The E.164 number ("+4915112345678") for a country calling code and a
 * phone-like value, or null when they do not fit together: an international
 * value must start with that country code; a national one loses its trunk 0.
 */
export function toE164(countryCode: number, phone: string): string | null {
  if (!isPhoneLike(phone)) return null;
  const cc = String(countryCode);
  let national: string;
  if (phone.startsWith("+")) {
    if (!phone.startsWith(`+${cc}`)) return null;
    national = phone.slice(cc.length + 1);
  } else if (phone.startsWith("00")) {
    return toE164(countryCode, `+${phone.slice(2)}`);
  } else {
    national = phone.replace(/^0/, "");
  }
  const full = `${cc}${national}`;
  if (national.length < PHONE_DIGITS_MIN || full.length > PHONE_DIGITS_MAX) return null;
  return `+${full}`;
}
