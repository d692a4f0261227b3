/**
 * Sign-up rules (spec sections 2, 3 and 5) shared by the web forms and the
 * registration API: the same valibot schemas validate both sides. Messages
 * are translation keys.
 */
import * as v from "valibot";
import type { IssuedTokens } from "./auth";
import { profileCityEntries } from "./profile-city";
import { GENDER_VALUES, SALUTATIONS, type Gender } from "./users";
import { BUSINESS_KINDS, INDIVIDUAL_SIGNUP_TYPES } from "./signup-types";
import { emailSchema, passwordSchema, usernameSchema } from "./validation";

const required = "validation.required";

import { COMPANY_NAME_MAX, CONTACT_PERSON_MAX, MAX_SIGNUP_AGE, MIN_SIGNUP_AGE } from "./form-limits";

/** The ages and lengths forms render: in ./form-limits (free of valibot, ADR 156). */
export { COMPANY_NAME_MAX, CONTACT_PERSON_MAX, MAX_SIGNUP_AGE, MIN_SIGNUP_AGE } from "./form-limits";

/** Which individuals sign up: in ./signup-types (free of valibot, the join page renders it; ADR 149). */
export { INDIVIDUAL_SIGNUP_TYPES, isIndividualSignupType, type IndividualSignupType } from "./signup-types";

/** What a business is: in ./signup-types (free of valibot, the search pages' category words need it; ADR 149). */
export { BUSINESS_KINDS, type BusinessKind } from "./signup-types";

/** Landing page ids and invitation codes arrive in URLs: short, plain tokens only. */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The real calendar date, or null (31 February is not one). */
export function birthDateOf(day: number, month: number, year: number): string | null {
  if (!Number.isInteger(day) || !Number.isInteger(month) || !Number.isInteger(year)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whole years of life on the UTC day of `now` (the birthday itself counts). */
export function ageOn(day: number, month: number, year: number, now: number): number {
  const today = new Date(now);
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  let age = today.getUTCFullYear() - year;
  if (m < month || (m === month && d < day)) age -= 1;
  return age;
}

/** ageOn for a stored birth date (YYYY-MM-DD); null when there is none or it has another form. */
export function ageOfBirthDate(birthDate: string | null, now: number): number | null {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return null;
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  return ageOn(day, month, year, now);
}

/** True when a username appears in the password (case-insensitive), which makes it easy to guess. */
export function passwordContainsUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  return name.length > 0 && password.toLowerCase().includes(name);
}

type UsernameAndPassword = { username: string; password: string };

/** The sign-up forms' check of passwordContainsUsername, reported at the password as soon as both fields are valid. */
function passwordWithoutUsername<TInput extends UsernameAndPassword>() {
  const check = v.forward(
    v.partialCheck<UsernameAndPassword, [["username"], ["password"]], UsernameAndPassword, string>(
      [["username"], ["password"]],
      (input) => !passwordContainsUsername(input.password, input.username),
      "validation.signup.password_contains_username",
    ),
    ["password"],
  );
  // It reads those two fields only and hands the whole input on unchanged, so it fits any form that has them.
  return check as unknown as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<UsernameAndPassword>>;
}

/**
 * Names that would read as the platform speaking, or collide with paths
 * (spec section 2: favicon.ico as a profile name is an error page).
 */
export const RESERVED_USERNAMES = new Set([
  "admin",
  "administrator",
  "support",
  "velora",
  "team",
  "backend",
  "moderator",
  "system",
  "favicon.ico",
  "robots.txt",
  "sitemap.xml",
]);

/** Registration usernames: the shared rules plus the reserved names. */
export const signUpUsernameSchema = v.pipe(
  usernameSchema,
  v.check((name) => !RESERVED_USERNAMES.has(name.toLowerCase()), "validation.signup.username_reserved"),
);

const trackingId = v.optional(v.pipe(v.string(), v.trim(), v.regex(TRACKING_ID_PATTERN, "validation.invalid")));

/** A required consent checkbox: unticked (or missing from the post) gives `message`. */
function consent(message: string) {
  return v.pipe(
    v.optional(v.boolean(message), false),
    v.check((accepted) => accepted === true, message),
  );
}

/**
 * A required choice (radio group): a missing field must report `message`,
 * not the object's generic "required", so the absent value defaults to "".
 */
function choice<const T extends readonly string[]>(options: T, message: string) {
  return v.pipe(v.optional(v.string(message), ""), v.picklist(options, message));
}

const intIn = (min: number, max: number, message: string) =>
  v.pipe(v.number(required), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/**
 * The individual sign-up form (step 1). `now` is the clock that decides the
 * age: the API passes its injected clock, the web tier Date.now.
 */
export function individualSignUpSchema(now: () => number) {
  return v.pipe(
    v.object(
      {
        user_type: choice(INDIVIDUAL_SIGNUP_TYPES, "validation.signup.user_type_required"),
        username: signUpUsernameSchema,
        email: emailSchema,
        password: passwordSchema,
        gender: v.pipe(
          v.number("validation.signup.gender_required"),
          v.check((value) => (GENDER_VALUES as number[]).includes(value), "validation.signup.gender_required"),
          v.transform((value) => value as Gender),
        ),
        salutation: choice(SALUTATIONS, "validation.signup.salutation_required"),
        birth_day: intIn(1, 31, "validation.signup.birth_date_invalid"),
        birth_month: intIn(1, 12, "validation.signup.birth_date_invalid"),
        birth_year: v.pipe(v.number(required), v.integer("validation.signup.birth_date_invalid")),
        accept_terms: consent("validation.signup.terms_required"),
        accept_privacy: consent("validation.signup.privacy_required"),
        landing_page_id: trackingId,
        invitation_code: trackingId,
        /** The affiliate whose link the visitor followed (cookie, read by the web tier at sign-up; ADR 135). */
        affiliate_code: trackingId,
      },
      required,
    ),
    passwordWithoutUsername(),
    v.forward(
      v.partialCheck(
        [["birth_day"], ["birth_month"], ["birth_year"]],
        (input) => {
          if (birthDateOf(input.birth_day, input.birth_month, input.birth_year) === null) return false;
          const age = ageOn(input.birth_day, input.birth_month, input.birth_year, now());
          return age >= 0 && age <= MAX_SIGNUP_AGE;
        },
        "validation.signup.birth_date_invalid",
      ),
      ["birth_year"],
    ),
    v.forward(
      v.partialCheck(
        [["birth_day"], ["birth_month"], ["birth_year"]],
        // A birth in the future is reported as invalid above, not as too young.
        (input) => {
          const age = ageOn(input.birth_day, input.birth_month, input.birth_year, now());
          return age < 0 || age >= MIN_SIGNUP_AGE;
        },
        `validation.signup.too_young?requirement=${MIN_SIGNUP_AGE}`,
      ),
      ["birth_year"],
    ),
  );
}
export type IndividualSignUpInput = v.InferOutput<ReturnType<typeof individualSignUpSchema>>;

/** The business "basic" step: the account, the company and who answers for it. */
export const businessSignUpSchema = v.pipe(
  v.object(
    {
      company_name: v.pipe(
        v.string(required),
        v.trim(),
        v.nonEmpty(required),
        v.maxLength(COMPANY_NAME_MAX, `validation.signup.company_name_too_long?requirement=${COMPANY_NAME_MAX}`),
      ),
      business_kind: choice(BUSINESS_KINDS, "validation.signup.business_kind_required"),
      contact_person: v.pipe(
        v.string(required),
        v.trim(),
        v.nonEmpty(required),
        v.maxLength(CONTACT_PERSON_MAX, `validation.signup.contact_person_too_long?requirement=${CONTACT_PERSON_MAX}`),
      ),
      // Where the business is found (search radius, city directory).
      ...profileCityEntries,
      username: signUpUsernameSchema,
      email: emailSchema,
      password: passwordSchema,
      accept_terms: consent("validation.signup.terms_required"),
      landing_page_id: trackingId,
      invitation_code: trackingId,
      affiliate_code: trackingId,
    },
    required,
  ),
  passwordWithoutUsername(),
);
export type BusinessSignUpInput = v.InferOutput<typeof businessSignUpSchema>;

/** The live uniqueness check: one of the two, as typed. */
export const uniqueCheckSchema = v.pipe(
  v.object({ username: v.optional(v.pipe(v.string(), v.trim())), email: v.optional(v.pipe(v.string(), v.trim())) }),
  v.check((input) => Boolean(input.username) !== Boolean(input.email), "validation.signup.unique_one_field"),
);

/** Verification tokens travel in links; anything longer than ours is not one. */
export const emailVerifySchema = v.object(
  {
    token: v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(512, "exception.email_verification.invalid_or_expired")),
  },
  required,
);

export interface SignUpResult extends IssuedTokens {
  user_id: number;
  user_type: number;
  register_completed_step: number;
}

/** GET /registration/unique. */
export interface UniqueCheck {
  field: "username" | "email";
  available: boolean;
}

/** POST /registration/email/verify: the address is verified; the member's type picks the next page. */
export interface EmailVerified {
  verified: true;
  user_type: number;
}

/** POST /registration/email/resend (202): a new verification mail is on its way. */
export interface VerificationMailSent {
  sent: true;
}
