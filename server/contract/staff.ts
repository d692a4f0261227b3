/**
 * Staff accounts (spec section 3: backend 9, team 10; the back office of ADR 030). Nobody signs up as staff: an
 * operator creates them on the command line (`npm run staff:create`, ADR 056), which validates with these rules.
 */
import * as v from "valibot";
import { SUPPORTED_LANGUAGES } from "./locales";
import { USER_TYPE } from "./users";
import { emailSchema, PASSWORD_MAX, PASSWORD_NEEDS_DIGIT, PASSWORD_NEEDS_LETTER, usernameSchema } from "./validation";

/** The roles the command takes, and the user type each becomes. */
export const STAFF_ROLES = { backend: USER_TYPE.backend, team: USER_TYPE.team } as const;
export type StaffRole = keyof typeof STAFF_ROLES;
export const STAFF_ROLE_NAMES = Object.keys(STAFF_ROLES) as StaffRole[];

/**
 * A staff password is the only factor in front of every member's reports, photos and texts: 15 characters at least
 * (NIST SP 800-63B-4's minimum for a password used alone; members keep PASSWORD_MIN, 8), the product's letter and
 * digit rule, at least 8 different characters, and none of the words that make a long password guessable.
 */
export const STAFF_PASSWORD_MIN = 15;
export const STAFF_PASSWORD_DISTINCT_MIN = 8;
/** Lowercase; a password containing one is refused (the product's own names, keyboard rows, the usual words). */
export const STAFF_PASSWORD_DENYLIST = [
  "password",
  "passwort",
  "contraseña",
  "haslo",
  "hasło",
  "qwerty",
  "qwertz",
  "asdf",
  "123456",
  "abcdef",
  "letmein",
  "welcome",
  "willkommen",
  "admin",
  "backoffice",
  "velora",
  "nightlist",
] as const;

const required = "validation.required";

const distinctCharacters = (value: string) => new Set(value).size;

export const staffPasswordSchema = v.pipe(
  v.string(required),
  v.nonEmpty(required),
  v.minLength(STAFF_PASSWORD_MIN, `validation.password.too_short?requirement=${STAFF_PASSWORD_MIN}`),
  v.maxLength(PASSWORD_MAX, `validation.password.too_long?requirement=${PASSWORD_MAX}`),
  v.regex(PASSWORD_NEEDS_LETTER, "validation.password.needs_letter"),
  v.regex(PASSWORD_NEEDS_DIGIT, "validation.password.needs_digit"),
  v.check(
    (value) => distinctCharacters(value) >= STAFF_PASSWORD_DISTINCT_MIN,
    `validation.password.too_few_distinct?requirement=${STAFF_PASSWORD_DISTINCT_MIN}`,
  ),
  v.check((value) => !STAFF_PASSWORD_DENYLIST.some((word) => value.toLowerCase().includes(word)), "validation.password.too_common"),
);

/** The account's own name or mailbox inside its password is the first thing a guesser tries. */
function containsOwnName(input: { username: string; email: string; password: string }): boolean {
  const password = input.password.toLowerCase();
  const names = [input.username, input.email.split("@")[0] ?? ""].map((name) => name.toLowerCase()).filter((name) => name.length >= 3);
  return names.some((name) => password.includes(name));
}

export const staffAccountSchema = v.pipe(
  v.object(
    {
      username: usernameSchema,
      email: emailSchema,
      role: v.picklist(STAFF_ROLE_NAMES, "validation.staff.role_invalid"),
      /** Mails to the account (password resets) are written in this language. */
      language: v.optional(v.picklist(SUPPORTED_LANGUAGES, "validation.invalid"), "de"),
      password: staffPasswordSchema,
    },
    required,
  ),
  v.forward(
    v.partialCheck([["username"], ["email"], ["password"]], (input) => !containsOwnName(input), "validation.password.contains_name"),
    ["password"],
  ),
);

export type StaffAccountInput = v.InferInput<typeof staffAccountSchema>;
